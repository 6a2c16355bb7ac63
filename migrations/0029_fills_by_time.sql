-- The firm-wide performance read (worker/domains/fills/firm-performance.ts) takes every account's
-- fills and funding over a range by time alone: without these it scanned both tables whole (a year
-- of fills of every account for a one-day range).
CREATE INDEX `account_fills_ts_idx` ON `account_fills` (`ts`);
--> statement-breakpoint
CREATE INDEX `account_income_kind_ts_idx` ON `account_income` (`kind`, `ts`);
