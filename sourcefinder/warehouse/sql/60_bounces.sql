-- bounces: pairs of cards clients bounced between in one session (tried one, it failed,
-- the other worked). A frequent pair with no declared overlap (supersedes, see-also,
-- combines) is an undeclared twin.
--
--   failed_card, worked_card, sessions, clients, declared (an overlap is declared either way)
--
-- Example: SELECT * FROM bounces WHERE NOT declared ORDER BY clients DESC LIMIT 10;
CREATE OR REPLACE VIEW bounces AS
WITH pairs AS (
  SELECT session_id, reported_by AS client, f.failed_card, w.worked_card
  FROM outcomes,
       unnest(failed) AS f(failed_card),
       unnest(worked) AS w(worked_card)
  WHERE f.failed_card <> w.worked_card
)
SELECT p.failed_card, p.worked_card, count(*) AS sessions,
       count(DISTINCT p.client) AS clients,
       EXISTS (SELECT 1 FROM card_links k
               WHERE (k.card_id = p.failed_card AND k.other_id = p.worked_card)
                  OR (k.card_id = p.worked_card AND k.other_id = p.failed_card)) AS declared
FROM pairs p
GROUP BY p.failed_card, p.worked_card;
