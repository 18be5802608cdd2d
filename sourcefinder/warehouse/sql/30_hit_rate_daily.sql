-- hit_rate_daily: per day, how often the desk's first suggestion was right.
--
--   day, sessions, reported (sessions with an outcome), found
--   found_rate                    found / reported
--   first_suggestion_hit_rate     first_hit / reported: the number "optimal" means
--
-- Example: SELECT * FROM hit_rate_daily ORDER BY day DESC LIMIT 14;
CREATE OR REPLACE VIEW hit_rate_daily AS
SELECT
  day,
  count(*) AS sessions,
  count(outcome_seq) AS reported,
  count(*) FILTER (WHERE found) AS found,
  round(count(*) FILTER (WHERE found) / nullif(count(outcome_seq), 0), 4) AS found_rate,
  round(count(*) FILTER (WHERE first_hit) / nullif(count(outcome_seq), 0), 4)
    AS first_suggestion_hit_rate
FROM sessions
GROUP BY day;
