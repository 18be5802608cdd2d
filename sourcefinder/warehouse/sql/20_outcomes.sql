-- outcomes: every report_outcome call (a session may report more than once), with the
-- question it answers.
--
--   outcome_seq, session_id, reported_by, reported_at, day, index_version
--   asked_by, question, cls, first_suggestion
--   found, tried, worked, failed, better
--   first_hit          found, and the first suggestion is among what worked
--   found_elsewhere    found in a card the desk did not suggest (a discovery)
--
-- Example: SELECT better, count(DISTINCT reported_by) FROM outcomes
--          WHERE better IS NOT NULL GROUP BY better ORDER BY 2 DESC;
CREATE OR REPLACE VIEW outcomes AS
SELECT
  o.seq AS outcome_seq, o.session_id, o.client AS reported_by, o.occurred_at AS reported_at,
  CAST(o.occurred_at AS DATE) AS day, o.index_version,
  s.client AS asked_by, s.question, s.cls, s.first_suggestion,
  o.found, o.tried, o.worked, o.failed, o.better,
  coalesce(o.found AND list_contains(o.worked, s.first_suggestion), false) AS first_hit,
  coalesce(o.better IS NOT NULL AND NOT list_contains(s.candidates, o.better)
           OR len(list_filter(o.worked, lambda w: NOT list_contains(s.candidates, w))) > 0,
           false) AS found_elsewhere
FROM outcome_events o
JOIN sessions s USING (session_id);
