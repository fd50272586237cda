-- the dashboard's figures come from these rollups, per card and hour, so a card with millions of
-- events is summed from a few thousand rows; the raw events serve the visit list and the partial hours
-- at a range's edges. materialized views fill them on every insert; the inserts below fill them from
-- what was stored before. the deduplication window (with deduplicate_blocks_in_dependent_materialized_views
-- on the insert) keeps a retried batch from counting twice here as it does in events.
-- uniques are uniqCombined64 states merged over the hours of a range: exact below 4 000 distinct
-- visitors, beyond that an estimate with a standard error of about 0.3 % (measured 0.07 to 0.17 %
-- from 9 000 to 800 000 visitors), three times cheaper to merge than exact sets at that size.
CREATE TABLE IF NOT EXISTS events_hourly
(
    profile_id String,
    hour DateTime('UTC'),
    type LowCardinality(String),
    events SimpleAggregateFunction(sum, UInt64),
    authenticated SimpleAggregateFunction(sum, UInt64),
    visitors AggregateFunction(uniqCombined64, String)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (profile_id, hour, type)
SETTINGS non_replicated_deduplication_window = 10000;

-- views by country, device, referrer host and channel, and link clicks by target
CREATE TABLE IF NOT EXISTS breakdown_hourly
(
    profile_id String,
    hour DateTime('UTC'),
    dimension LowCardinality(String),
    value String,
    events SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (profile_id, hour, dimension, value)
SETTINGS non_replicated_deduplication_window = 10000;

CREATE MATERIALIZED VIEW IF NOT EXISTS events_hourly_mv TO events_hourly AS
SELECT
    profile_id,
    toStartOfHour(ts) AS hour,
    type,
    count() AS events,
    countIf(authenticated = 1) AS authenticated,
    uniqCombined64State(visitor_id) AS visitors
FROM events
GROUP BY profile_id, hour, type;

CREATE MATERIALIZED VIEW IF NOT EXISTS breakdown_hourly_mv TO breakdown_hourly AS
SELECT
    profile_id,
    toStartOfHour(ts) AS hour,
    pair.1 AS dimension,
    pair.2 AS value,
    count() AS events
FROM events
ARRAY JOIN
    multiIf(
        type = 'view',
        [('country', toString(country)), ('device', toString(device)),
         ('referrer_host', toString(referrer_host)), ('channel', toString(channel))],
        type = 'link_clicked',
        [('link', target)],
        CAST([], 'Array(Tuple(String, String))')
    ) AS pair
GROUP BY profile_id, hour, dimension, value;

-- the backfill of the events stored before the views existed
INSERT INTO events_hourly
SELECT
    profile_id,
    toStartOfHour(ts) AS hour,
    type,
    count() AS events,
    countIf(authenticated = 1) AS authenticated,
    uniqCombined64State(visitor_id) AS visitors
FROM events
GROUP BY profile_id, hour, type;

INSERT INTO breakdown_hourly
SELECT
    profile_id,
    toStartOfHour(ts) AS hour,
    pair.1 AS dimension,
    pair.2 AS value,
    count() AS events
FROM events
ARRAY JOIN
    multiIf(
        type = 'view',
        [('country', toString(country)), ('device', toString(device)),
         ('referrer_host', toString(referrer_host)), ('channel', toString(channel))],
        type = 'link_clicked',
        [('link', target)],
        CAST([], 'Array(Tuple(String, String))')
    ) AS pair
GROUP BY profile_id, hour, dimension, value;
