import type { Knex } from 'knex';

/**
 * The devices each account has logged in on, for the new-device alert: one row per
 * account and device cookie, holding only the SHA-256 of the cookie's random value.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('known_devices', (table) => {
    // No foreign key, as for remember_tokens: the rows go with the account in its use case.
    table.integer('user_id').unsigned().notNullable();
    // SHA-256 in hex of the device cookie; the cookie's value itself is never stored.
    // Compared byte for byte on MySQL too, as the other databases always do.
    table.string('device_hash', 64).collate('utf8mb4_bin').notNullable();
    // Epoch milliseconds, compared with the app's clock.
    table.bigInteger('first_seen_at').notNullable();
    table.bigInteger('last_seen_at').notNullable().index('known_devices_last_seen_at_index');
    // A login reads the account's rows through it: the one read the device check adds.
    table.primary(['user_id', 'device_hash'], 'known_devices_pkey');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('known_devices');
}
