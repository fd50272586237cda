-- views by city, browser and the three utm values too, so the dashboard can show them and narrow to
-- them. the view is made again with every dimension; the backfill adds ONLY the new dimensions of the
-- events stored before, whose country, device, referrer and channel rows the old view already wrote.
-- as with 004, events inserted between the new view and the backfill would count twice in the new
-- dimensions: the migrations run before any writer (the embedded worker starts after them, the
-- cluster's migrate step before any replica).
DROP VIEW IF EXISTS breakdown_hourly_mv;

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
        [('country', toString(country)), ('city', toString(city)), ('device', toString(device)),
         ('browser', toString(browser)), ('referrer_host', toString(referrer_host)),
         ('channel', toString(channel)), ('utm_source', toString(utm_source)),
         ('utm_medium', toString(utm_medium)), ('utm_campaign', toString(utm_campaign))],
        type = 'link_clicked',
        [('link', target)],
        CAST([], 'Array(Tuple(String, String))')
    ) AS pair
GROUP BY profile_id, hour, dimension, value;

INSERT INTO breakdown_hourly
SELECT
    profile_id,
    toStartOfHour(ts) AS hour,
    pair.1 AS dimension,
    pair.2 AS value,
    count() AS events
FROM events
ARRAY JOIN
    [('city', toString(city)), ('browser', toString(browser)), ('utm_source', toString(utm_source)),
     ('utm_medium', toString(utm_medium)), ('utm_campaign', toString(utm_campaign))] AS pair
WHERE type = 'view'
GROUP BY profile_id, hour, dimension, value;
