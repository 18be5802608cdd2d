-- words_not_in_index: words askers used that no card (nor any answered question) used at
-- the time, as where_can_i_find reported them (most specific words only; names left out).
-- Words many clients use are candidates for a card's contents, or for a new card.
--
--   word, questions, clients, nowhere (questions answered 'nowhere'), not_found (sessions
--   reported found = false), first_seen, last_seen, last_index_version, example (a question)
--
-- Example: SELECT * FROM words_not_in_index WHERE clients >= 2 ORDER BY clients DESC;
CREATE OR REPLACE VIEW words_not_in_index AS
SELECT
  w.word,
  count(*) AS questions,
  count(DISTINCT s.client) AS clients,
  count(*) FILTER (WHERE s.verdict = 'nowhere') AS nowhere,
  count(*) FILTER (WHERE s.found = false) AS not_found,
  min(s.asked_at) AS first_seen,
  max(s.asked_at) AS last_seen,
  arg_max(s.index_version, s.question_seq) AS last_index_version,
  arg_max(s.question, s.question_seq) AS example
FROM sessions s, unnest(s.missing_words) AS w(word)
GROUP BY w.word;
