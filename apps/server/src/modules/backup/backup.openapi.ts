/** The contract of the online backup (ADR 014, ADR 020). */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const backupContract: AreaContract[] = [defineArea('system', 'Running the installation: backups.', {
  'POST /v1/system/backups': {
    id: 'system.createBackup',
    summary: 'Take a backup of the running installation',
    description:
      'Answers one `.tar.gz` (ADR 020): `manifest.json`, the database at one instant (the embedded database\'s data folder, or a `pg_dump` custom-format dump), the two-factor key when it is kept in the data folder, and every uploaded file the database names. Restore it with `npm run restore -- <file>` into an empty installation (README "Backup and restore"). The file holds password hashes and the two-factor key: keep it as safely as the server. `409 CONFLICT` while another backup is being made.',
    errors: ['CONFLICT'],
    media: {
      response: {
        description: 'The backup file.',
        content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
        headers: {
          'Content-Disposition': { description: '`attachment; filename="sagano-backup-<time>.tar.gz"`', schema: { type: 'string' } },
        },
      },
    },
  },
})];
