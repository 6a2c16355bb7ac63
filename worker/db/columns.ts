import { integer, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

// Column builders the tables share. Each call makes a fresh builder; the SQL they stand for is the
// one the hand-written migrations create (schema-matches-migrations.test.ts keeps the two in step).

/** The text primary key most tables carry. */
export const textId = () => text('id').primaryKey();

/** A required time in epoch ms. */
export const requiredTime = (name: string) => integer(name).notNull();

/** When the row was written first. */
export const createdAt = () => requiredTime('created_at');

/** When the row was written last. */
export const updatedAt = () => requiredTime('updated_at');

/** A required reference to the row's owner: deleting the owner deletes the row. */
export const ownedBy = (name: string, owner: () => AnySQLiteColumn) =>
  text(name).notNull().references(owner, { onDelete: 'cascade' });

/** A required JSON value of type T. */
export const jsonColumn = <T>(name: string) => text(name, { mode: 'json' }).$type<T>().notNull();

/** A required boolean with its default. */
export const flag = (name: string, initial: boolean) => integer(name, { mode: 'boolean' }).notNull().default(initial);
