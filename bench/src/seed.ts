/**
 * Fills a PostgreSQL database with the data at scale (SCALE in lib/dataset.ts): the schema
 * through the product's own migrations and catalogue, then every row from set-based SQL
 * (generate_series), which takes minutes where row-by-row inserts would take hours.
 *
 *   npm run bench:seed -w bench        (DATABASE_URL to use another database)
 */
import pg from 'pg';
import { hashPassword } from '../../server/src/modules/auth/passwords';
import { openPostgres } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { syncCatalogue } from '../../server/src/db/catalogue-sync';
import { BENCH_DATABASE_URL, databaseName, log, saveResult, withDatabase } from './lib/env';
import { BENCH_PASSWORD, BUSY_CONTEST_ID, SCALE, emailOf } from './lib/dataset';

const BRIEF =
  'Nous cherchons une identité visuelle moderne et chaleureuse pour accompagner le lancement de notre nouvelle gamme. ' +
  'Le public visé est jeune et urbain ; la proposition doit rester lisible en petit format comme sur une affiche.';

async function recreateDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (name === 'test') throw new Error('La base « test » sert aux tests : choisissez une autre base pour le banc.');
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

interface Step {
  name: string;
  sql: string;
  params?: unknown[];
}

function steps(passwordHash: string): Step[] {
  const busyUsersFrom = 2_001;
  return [
    {
      name: 'utilisateurs',
      sql: `insert into users (id, email, pseudo, pseudo_key, password_hash, first_name, last_name, email_verified_at, is_first_time, created_at, updated_at)
            select g, 'membre' || g || '@banc.creadefi.test', 'membre' || g, 'banc:membre' || g, $1, 'Membre', 'N° ' || g, now(), false,
                   now() - make_interval(mins => ${SCALE.users} - g), now()
            from generate_series(1, ${SCALE.users}) g`,
      params: [passwordHash],
    },
    {
      // Status by id: every 10th open, the others spread over every other status.
      name: 'concours',
      sql: `with subs as (select array_agg(id order by id) ids from sub_categories)
            insert into contests (id, owner_id, category_id, sub_category_id, status, company_name, company_skills, target, site, message,
                                  cost_cents, end_date, paid_at, ended_at, finished_at, created_at, updated_at)
            select c, 1 + (c % 2000), sc.category_id, sc.id,
                   case c % 10 when 0 then 2 when 1 then 1 when 2 then -1 when 3 then 3 when 4 then 4 else 5 end,
                   'Entreprise ' || c, 'Fabrication et vente de produits locaux', 'Particuliers de 25 à 40 ans', null,
                   'Concours n° ' || c || ' — ' || $1,
                   sc.price_cents + (c * 7919 % 200) * 1000,
                   case when c % 10 = 0 then now() + make_interval(days => 1 + c % 30) else created + interval '14 days' end,
                   case when c % 10 <> 1 then created + interval '1 hour' end,
                   case when c % 10 in (2, 3, 4, 5, 6, 7, 8, 9) then created + interval '14 days' end,
                   case when c % 10 >= 5 then created + interval '20 days' end,
                   created, created
            from generate_series(1, ${SCALE.contests}) c
            cross join subs
            join sub_categories sc on sc.id = subs.ids[1 + (c * 7 % array_length(subs.ids, 1))]
            cross join lateral (select now() - make_interval(mins => (${SCALE.contests} - c) * 6) as created) t`,
      params: [BRIEF],
    },
    {
      // Up to 22 talents per contest, never its organiser; 9 in 10 with content, numbered.
      name: 'participations',
      sql: `insert into participations (contest_id, user_id, is_participating, is_winner, stars, number, created_at, updated_at)
            select c.id, u, (c.id + j) % 10 <> 0, j = 0 and c.status in (-1, 4, 5), (c.id + j) % 6,
                   case when (c.id + j) % 10 <> 0 then j + 1 end,
                   c.created_at + make_interval(hours => j), c.created_at + make_interval(hours => j)
            from contests c
            cross join lateral generate_series(0, (c.id * 37 % 23)) j
            cross join lateral (select 1 + ((c.id * 7919 + j * 4729) % ${SCALE.users}) as u) pick
            where c.status <> 1 and c.id <> ${BUSY_CONTEST_ID} and u <> c.owner_id`,
    },
    {
      name: 'propositions du concours chargé',
      sql: `insert into participations (contest_id, user_id, is_participating, stars, number, input_text, created_at, updated_at)
            select ${BUSY_CONTEST_ID}, ${busyUsersFrom} + g, true, g % 6, g + 1, null,
                   now() - make_interval(mins => ${SCALE.busyProposals} - g), now() - make_interval(mins => ${SCALE.busyProposals} - g)
            from generate_series(0, ${SCALE.busyProposals - 1}) g`,
    },
    {
      name: 'fichiers des propositions du concours chargé',
      sql: `insert into files (participation_id, kind, storage_key, preview_key, filename, mime, size_bytes, sha256, uploaded_by, created_at)
            select p.id, 'participation', 'u/banc/' || p.id, 'u/banc/' || p.id || '-preview', 'proposition-' || p.number || '.png', 'image/png',
                   1500000, repeat('0', 64), p.user_id, p.created_at
            from participations p where p.contest_id = ${BUSY_CONTEST_ID}`,
    },
    {
      // Five messages in every conversation of the busy contest, the rest one per conversation.
      name: 'messages',
      sql: `with busy as (
              select p.id, p.user_id, c.owner_id, p.created_at, k
              from participations p join contests c on c.id = p.contest_id
              cross join generate_series(0, 4) k
              where p.contest_id = ${BUSY_CONTEST_ID}
            ), others as (
              select p.id, p.user_id, c.owner_id, p.created_at, 0 as k
              from participations p join contests c on c.id = p.contest_id
              where p.contest_id <> ${BUSY_CONTEST_ID} and p.id % 5 = 0
              order by p.id
              limit ${SCALE.messages} - (select count(*) from busy)
            ), every as (select * from busy union all select * from others)
            insert into messages (participation_id, author_id, type, message, is_concoureur_message, read_at, created_at)
            select id, case when k % 2 = 0 then user_id else owner_id end, 1,
                   case when k % 2 = 0 then 'Bonjour, voici ma proposition : dites-moi ce que vous en pensez.' else 'Merci, pouvez-vous essayer une version plus sobre ?' end,
                   k % 2 = 1, case when (id + k) % 2 = 0 then created_at + interval '1 day' end,
                   created_at + make_interval(mins => 10 * (k + 1))
            from every`,
    },
    {
      name: 'dernier message des conversations',
      sql: `update participations p set last_message_at = m.at
            from (select participation_id, max(created_at) at from messages group by participation_id) m
            where m.participation_id = p.id`,
    },
    {
      name: 'compteurs des concours',
      sql: `update contests c set participations_count = x.n, winners_count = x.w, proposals_unrated = x.unrated, proposals_low = x.low, proposals_high = x.high
            from (select contest_id, count(*) filter (where is_participating)::int n, count(*) filter (where is_winner)::int w,
                         count(*) filter (where is_participating and stars = 0)::int unrated,
                         count(*) filter (where is_participating and stars between 1 and 2)::int low,
                         count(*) filter (where is_participating and stars between 3 and 5)::int high
                  from participations group by contest_id) x
            where x.contest_id = c.id`,
    },
    {
      name: 'séquences',
      sql: `select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users)),
                   setval(pg_get_serial_sequence('contests', 'id'), (select max(id) from contests))`,
    },
  ];
}

async function main(): Promise<void> {
  const started = Date.now();
  const url = BENCH_DATABASE_URL;
  log(`base : ${databaseName(url)} (recréée)`);
  await recreateDatabase(url);
  const database = await openPostgres(url, 1);
  await migrate(database);
  await syncCatalogue(database.db);
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timings: { step: string; seconds: number }[] = [];
  try {
    // A lost bench database is simply seeded again: no need to wait for each commit's flush.
    await client.query('set synchronous_commit = off');
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set work_mem = '64MB'`);
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    for (const step of steps(passwordHash)) {
      const t = Date.now();
      const result = await client.query(step.sql, step.params);
      const seconds = (Date.now() - t) / 1000;
      timings.push({ step: step.name, seconds });
      log(`${step.name} : ${result.rowCount ?? 0} lignes en ${seconds.toFixed(1)} s`);
    }
    const t = Date.now();
    await client.query('vacuum (analyze)');
    timings.push({ step: 'vacuum analyze', seconds: (Date.now() - t) / 1000 });
    log(`vacuum analyze en ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const { rows } = await client.query<Record<string, string>>(`select
      (select count(*) from users) users,
      (select count(*) from contests) contests,
      (select count(*) from contests where status = 2) open_contests,
      (select count(distinct category_id) from contests) categories,
      (select count(distinct status) from contests) statuses,
      (select count(*) from participations) participations,
      (select count(*) from messages) messages,
      (select count(*) from participations where contest_id = ${BUSY_CONTEST_ID} and is_participating) busy_proposals,
      pg_size_pretty(pg_database_size(current_database())) size`);
    const counts = rows[0]!;
    const seconds = (Date.now() - started) / 1000;
    log(`terminé en ${seconds.toFixed(0)} s : ${JSON.stringify(counts)}`);
    log(`connexion des membres du banc : ${emailOf(1)} … ${emailOf(SCALE.users)}, mot de passe ${BENCH_PASSWORD}`);
    saveResult('seed', { database: databaseName(url), seconds, timings, counts });
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
