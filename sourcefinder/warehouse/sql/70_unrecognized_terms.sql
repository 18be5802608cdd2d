-- unrecognized_terms: terms clients met mid-session and did not know (follow_up's required
-- unrecognized_terms), with whether the index knew anything about them at the time.
--
--   term (lower-cased), mentions, clients, sessions, unknown_to_index (the desk found no
--   card or foundation node for it), first_seen, last_seen
--
-- Example: SELECT * FROM unrecognized_terms WHERE unknown_to_index ORDER BY clients DESC;
CREATE OR REPLACE VIEW unrecognized_terms AS
SELECT
  lower(t.term) AS term,
  count(*) AS mentions,
  count(DISTINCT f.client) AS clients,
  count(DISTINCT f.session_id) AS sessions,
  bool_or(list_contains(list_transform(f.gaps, lambda g: lower(g)), lower(t.term)))
    AS unknown_to_index,
  min(f.occurred_at) AS first_seen,
  max(f.occurred_at) AS last_seen
FROM follow_ups f, unnest(f.terms) AS t(term)
GROUP BY lower(t.term);
