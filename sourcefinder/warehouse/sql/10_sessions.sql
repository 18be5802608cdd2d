-- sessions: one row per where_can_i_find call, with the latest outcome reported for it.
--
--   session_id, client (who asked), asked_at, day, index_version, question, question_key
--   cls                the question class: the eval suite's label when the question is a
--                      labeled one, else the class group of the card suggested first,
--                      else 'unclassed'
--   verdict            confident | uncertain | nowhere (as the desk answered)
--   missing_words      words of the question no card used then (words_not_in_index)
--   candidates         the suggested card ids, in order; first_suggestion = candidates[1]
--   outcome_seq, reported_by, reported_at   the latest outcome (NULL: no report yet)
--   found, tried, worked, failed, better    what the client reported
--   first_hit          found, and the first suggestion is among what worked
--   follow_ups         follow_up calls in the session
--
-- Example: SELECT cls, count(*) FROM sessions WHERE found IS NULL GROUP BY cls;
CREATE OR REPLACE VIEW sessions AS
WITH latest AS (
  SELECT * FROM outcome_events
  QUALIFY row_number() OVER (PARTITION BY session_id ORDER BY seq DESC) = 1
), fu AS (
  SELECT session_id, count(*) AS follow_ups FROM follow_ups GROUP BY session_id
)
SELECT
  q.session_id, q.seq AS question_seq, q.client, q.occurred_at AS asked_at,
  CAST(q.occurred_at AS DATE) AS day, q.index_version, q.question, q.question_key,
  coalesce(l.cls, lower(c.grp), 'unclassed') AS cls,
  q.verdict, q.missing_words, q.candidates, q.candidates[1] AS first_suggestion,
  o.seq AS outcome_seq, o.client AS reported_by, o.occurred_at AS reported_at,
  o.found, o.tried, o.worked, o.failed, o.better,
  coalesce(o.found AND list_contains(o.worked, q.candidates[1]), false) AS first_hit,
  coalesce(fu.follow_ups, 0) AS follow_ups
FROM questions q
LEFT JOIN latest o USING (session_id)
LEFT JOIN question_labels l ON l.question_key = q.question_key
LEFT JOIN cards c ON c.card_id = q.candidates[1]
LEFT JOIN fu USING (session_id);
