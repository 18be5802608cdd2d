def test_anchor_pss_is_capped_at_40_percent_of_base():
    base, pss = 2000.0, 1200.0
    assert min(pss, 0.4 * base) == 800.0
