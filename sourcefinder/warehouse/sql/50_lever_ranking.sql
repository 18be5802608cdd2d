-- lever_ranking: live sessions that did not go well, each charged to one lever of the map,
-- ranked by count: the night shift's work queue as analysts see it.
--
-- The rules follow sourcefinder.evals.levers.decompose_live, in its order, except the
-- vocabulary test of the background lever (which needs the card text): here a session
-- indicts background only when its right card is flagged `background: missing`.
--   breadth             not found and no better source named (or the right card is unknown)
--   background          the right card is flagged background: missing
--   how-to              the right card was suggested and tried, and still not found
--   description         the right card was suggested, but not first
--   searchable picture  the right card was not suggested at all
--
-- Example: SELECT * FROM lever_ranking;
CREATE OR REPLACE VIEW lever_ranking AS
WITH judged AS (
  SELECT s.*, coalesce(s.better, s.worked[1]) AS right_card
  FROM sessions s
  WHERE s.outcome_seq IS NOT NULL AND NOT s.first_hit
), levered AS (
  SELECT j.session_id, j.client,
    CASE
      WHEN NOT j.found AND j.better IS NULL THEN 'breadth'
      WHEN c.card_id IS NULL THEN 'breadth'
      WHEN c.background LIKE 'missing%' THEN 'background'
      WHEN list_contains(j.candidates, j.right_card) AND list_contains(j.tried, j.right_card)
           AND NOT j.found THEN 'how-to'
      WHEN list_contains(j.candidates, j.right_card) THEN 'description'
      ELSE 'searchable picture'
    END AS lever
  FROM judged j LEFT JOIN cards c ON c.card_id = j.right_card
)
SELECT lever, count(*) AS sessions, count(DISTINCT client) AS clients,
       round(count(*) / sum(count(*)) OVER (), 4) AS share
FROM levered
GROUP BY lever
ORDER BY sessions DESC, lever;
