/**
 * The online backup (ADR 020): POST /v1/system/backups, for the operator's admins, answers a backup
 * of the running installation as a download, so nobody must stop the server to take one (the
 * backup command refuses an embedded DATA_DIR a server holds). Written to the operation log.
 */
import { createReadStream, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../files/index.ts';
import { copyOf, writeBackup } from './backup.ts';

export function backupRoutes(app: FastifyInstance, deps: { database: Database; config: Config; fileStorage: FileStorage }) {
  const { database, config, fileStorage } = deps;
  // One backup at a time per server: each holds a whole copy of the database on disk while it is made.
  let making = false;

  app.post('/v1/system/backups', {
    schema: { tags: ['system'] },
    config: { access: 'admin', category: 'other', operation: 'system.create_backup' },
  }, async (request, reply) => {
    if (making) throw new AppError('CONFLICT', 'a backup is being made already: try again when it is done');
    making = true;
    const dir = mkdtempSync(join(tmpdir(), 'sagano-online-backup-'));
    try {
      const name = `sagano-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
      const file = join(dir, name);
      const result = await writeBackup(file, { config, fileStorage, engine: database.engine, copy: (workDir) => copyOf(database, config, workDir) });
      const { manifest } = result;
      await request.mutate(async () => ({
        file_name: name,
        byte_size: result.byteSize,
        created_at: manifest.created_at,
        engine: manifest.engine,
        schema: manifest.schema,
        counts: manifest.counts,
        two_factor_key_in_backup: manifest.totp_key.in_backup,
        missing_files: result.missingFiles,
      }));
      const stream = createReadStream(file);
      stream.on('close', () => void rm(dir, { recursive: true, force: true }));
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', result.byteSize)
        .header('cache-control', 'no-store')
        .send(stream);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    } finally {
      making = false;
    }
  });
}
