/**
 * Vitest setup of the server projects: every answer a test receives is checked against the
 * API contract (support/response-validator.ts). A mismatch that no `inject` call reported at its
 * own call (answers over real HTTP) fails the test during which it was answered.
 */
import { afterAll, afterEach } from 'vitest';
import { installResponseValidation, ResponseMismatchError, takeMismatches } from './response-validator.ts';

installResponseValidation();

function reportPending() {
  const mismatches = takeMismatches();
  if (mismatches.length > 0) throw new ResponseMismatchError(mismatches);
}

afterEach(reportPending);
// Answers given after the last test (an afterAll's calls) still fail the file.
afterAll(reportPending);
