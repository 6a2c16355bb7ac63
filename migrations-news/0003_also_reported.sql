-- Issue 29: "also reported by". When the dedupe recognises a stored story arriving from another
-- source, the first headline keeps who else reported it and how much later: a JSON array of
-- {sourceId, sourceKind, name, receivedAt, afterMs}, null while nobody else has. Appended in one
-- UPDATE (news-store.ts attachAlsoReported), so two late sources at once both land.
ALTER TABLE `news_items` ADD `also_reported` text;
