-- The waiting line's order (docs/architecture.md §12): when each entry reached its instance, then
-- its place. Each instance's copy of a day's line and each admissions round read the waiting
-- places in that order; this index gives it them without a sort (100,000 places a round would be
-- tens of ms, docs/performance.md §5).
CREATE INDEX release_queue_line ON release_queue (visit_date, entered_at, place) WHERE state = 'waiting';
