-- Issue 11 (security). Links are rendered as <a href>: keep only http(s) ones already stored.
UPDATE `news_items` SET `url` = NULL
WHERE `url` IS NOT NULL AND lower(substr(`url`, 1, 7)) <> 'http://' AND lower(substr(`url`, 1, 8)) <> 'https://';
