-- every view and engagement event of every profile; tenant first, then time, so a card's events sit together and a time range reads one slice.
-- the deduplication window makes a retried batch (same insert_deduplication_token) count once.
CREATE TABLE IF NOT EXISTS events
(
    event_id UUID,
    profile_id String,
    ts DateTime64(3, 'UTC'),
    type LowCardinality(String),
    visitor_id String,
    visitor_hash String,
    user_id String,
    user_agent String,
    device LowCardinality(String),
    browser LowCardinality(String),
    os LowCardinality(String),
    referrer String,
    referrer_host LowCardinality(String),
    utm_source LowCardinality(String),
    utm_medium LowCardinality(String),
    utm_campaign LowCardinality(String),
    channel LowCardinality(String),
    target String,
    country LowCardinality(String),
    city LowCardinality(String),
    batch_id String
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (profile_id, ts, event_id)
SETTINGS non_replicated_deduplication_window = 10000;
