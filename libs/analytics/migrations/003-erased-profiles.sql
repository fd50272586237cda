-- profiles whose analytics were erased (the card or its account was deleted). the ingest drops their
-- events, and deletes again what it stored while an erase was running, so a batch still queued,
-- retried or replayed later cannot bring the rows back. profile ids are never reused: marks stay.
CREATE TABLE IF NOT EXISTS erased_profiles
(
    profile_id String,
    erased_at DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree
ORDER BY profile_id;
