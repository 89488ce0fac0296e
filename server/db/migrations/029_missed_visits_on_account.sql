-- The blacklist decided from the account row: the visit dates of the account's missed
-- visits (one per order and visit date with expired tickets), most recent first, kept by the
-- missed-visits job in the transaction that marks the tickets. placeOrder reads them with the
-- row it locks anyway, instead of joining tickets, orders and sessions while the buyer waits.
-- Dates, not a verdict: the limit and the window are settings a change of which takes effect at once.
ALTER TABLE users ADD COLUMN missed_visits text[] NOT NULL DEFAULT '{}';

UPDATE users u SET missed_visits = m.dates
  FROM (SELECT user_id, array_agg(visit_date ORDER BY visit_date DESC) AS dates
          FROM (SELECT DISTINCT o.user_id, o.id, s.visit_date
                  FROM tickets t JOIN orders o ON o.id = t.order_id JOIN hall_schedule s ON s.id = t.schedule_id
                 WHERE t.status = 'expired') v
         GROUP BY user_id) m
 WHERE m.user_id = u.id;
