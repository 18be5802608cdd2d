-- hit_rate_by_class: the same figures per question class (see sessions.cls), with the
-- number of distinct clients asking, so one busy client does not look like a trend.
--
-- Example: SELECT * FROM hit_rate_by_class ORDER BY first_suggestion_hit_rate LIMIT 5;
CREATE OR REPLACE VIEW hit_rate_by_class AS
SELECT
  cls,
  count(*) AS sessions,
  count(DISTINCT client) AS clients,
  count(outcome_seq) AS reported,
  round(count(*) FILTER (WHERE found) / nullif(count(outcome_seq), 0), 4) AS found_rate,
  round(count(*) FILTER (WHERE first_hit) / nullif(count(outcome_seq), 0), 4)
    AS first_suggestion_hit_rate
FROM sessions
GROUP BY cls;
