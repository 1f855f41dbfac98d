/** The contract of the master-data calls (ADR 014): operationIds, summaries, business errors. */
import { BINARY, defineArea, dispositionHeader, fileAnswer, type AreaContract, type OperationContract } from '../../plugins/openapi-contract.ts';

/** The operator's logo or stamp: read as the image it is, replaced by an upload. */
function operatorImage(image: 'logo' | 'stamp', name: string): Record<'get' | 'put', Pick<OperationContract, 'description' | 'errors' | 'media'>> {
  return {
    get: {
      description: `The ${name} as uploaded, PNG or JPEG. 404 while none is uploaded (or after it was removed).`,
      errors: ['NOT_FOUND'],
      media: { response: fileAnswer(`The ${name}.`, ['image/png', 'image/jpeg'], dispositionHeader(`\`inline; filename="${image}"\``)) },
    },
    put: {
      description: `PNG or JPEG, at most 2 MB, as multipart/form-data (field \`file\`); its type is judged by its bytes. A refused file is a \`400 VALIDATION_FAILED\` naming \`${image}\`, and nothing is stored. Answers the operator's details.`,
      media: { request: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { ...BINARY, description: 'The image.' } } } } } },
    },
  };
}
const LOGO = operatorImage('logo', 'logo printed on invoices and vouchers');
const STAMP = operatorImage('stamp', 'company stamp printed on invoices');

export const masterDataContract: AreaContract[] = [defineArea('master-data', 'The operator\'s own settings: units, group schedules, special contract terms, the operator\'s details, bank accounts and the cancellation policy.', {
  'POST /v1/units': {
    id: 'masterData.createUnit',
    summary: 'Add a unit (fare type)',
    description:
      'Adds a unit of a segment. A passenger fare (ADULT, CHILD) exists once per segment × annotation × fare type; LUGGAGE and CHANGE_HANDLE_FEE units are items, not participants (annotation NORMAL, `count_inclusive` false), any number per segment. No two units of a segment share their Japanese name. Either rule broken is a `409 UNIT_ALREADY_EXISTS` naming `fare_type` or `name_label`. A priced unit must then be priced by the plans of its segment.',
    errors: ['UNIT_ALREADY_EXISTS'],
  },
  'GET /v1/master-data/group-schedules': { id: 'masterData.listGroupSchedules', summary: 'List group schedules' },
  'POST /v1/master-data/group-schedules': { id: 'masterData.createGroupSchedule', summary: 'Add a group schedule', errors: ['GROUP_SCHEDULE_OVERLAP'] },
  'GET /v1/master-data/group-schedules/{applied_from_service_date}': { id: 'masterData.getGroupSchedule', summary: 'Read a group schedule' },
  'PUT /v1/master-data/group-schedules/{applied_from_service_date}': { id: 'masterData.updateGroupSchedule', summary: 'Change a group schedule', errors: ['GROUP_SCHEDULE_OVERLAP'] },
  'GET /v1/master-data/special-contract-terms': { id: 'masterData.listSpecialContractTerms', summary: 'List special contract terms' },
  'POST /v1/master-data/special-contract-terms': { id: 'masterData.createSpecialContractTerm', summary: 'Add a special contract term', errors: ['SPECIAL_CONTRACT_TERM_OVERLAP'] },
  'GET /v1/master-data/special-contract-terms/{applied_from_service_date}': { id: 'masterData.getSpecialContractTerm', summary: 'Read a special contract term' },
  'PUT /v1/master-data/special-contract-terms/{applied_from_service_date}': { id: 'masterData.updateSpecialContractTerm', summary: 'Change a special contract term', errors: ['SPECIAL_CONTRACT_TERM_OVERLAP'] },
  'DELETE /v1/master-data/special-contract-terms/{applied_from_service_date}': { id: 'masterData.deleteSpecialContractTerm', summary: 'Delete a special contract term' },
  'GET /v1/master-data/operator-basic-info/logo': { id: 'masterData.getLogo', summary: 'Download the operator\'s logo', ...LOGO.get },
  'DELETE /v1/master-data/operator-basic-info/logo': { id: 'masterData.removeLogo', summary: 'Remove the operator\'s logo' },
  'PUT /v1/master-data/operator-basic-info/logo': { id: 'masterData.uploadLogo', summary: 'Upload the operator\'s logo', ...LOGO.put },
  'GET /v1/master-data/operator-basic-info/stamp': { id: 'masterData.getStamp', summary: 'Download the operator\'s stamp', ...STAMP.get },
  'DELETE /v1/master-data/operator-basic-info/stamp': { id: 'masterData.removeStamp', summary: 'Remove the operator\'s stamp' },
  'PUT /v1/master-data/operator-basic-info/stamp': { id: 'masterData.uploadStamp', summary: 'Upload the operator\'s stamp', ...STAMP.put },
  'GET /v1/master-data/operator-basic-info': { id: 'masterData.getOperatorBasicInfo', summary: 'Read the operator\'s details', description: 'Name, address and registration number printed on invoices and vouchers.' },
  'PUT /v1/master-data/operator-basic-info': { id: 'masterData.updateOperatorBasicInfo', summary: 'Change the operator\'s details' },
  'GET /v1/master-data/bank-accounts': { id: 'masterData.listBankAccounts', summary: 'List bank accounts' },
  'POST /v1/master-data/bank-accounts': { id: 'masterData.createBankAccount', summary: 'Add a bank account' },
  'GET /v1/master-data/bank-accounts/{id}': { id: 'masterData.getBankAccount', summary: 'Read a bank account' },
  'PUT /v1/master-data/bank-accounts/{id}': { id: 'masterData.updateBankAccount', summary: 'Change a bank account' },
  'GET /v1/master-data/cancellation-policy': { id: 'masterData.getCancellationPolicy', summary: 'Read the cancellation policy' },
  'GET /v1/cancellation-policy': { id: 'masterData.getPublishedCancellationPolicy', summary: 'Read the cancellation policy document', description: 'The policy in force, without a session: the document the booking confirmation, the cancel page and the group\'s page link to.' },
  'PUT /v1/master-data/cancellation-policy': { id: 'masterData.updateCancellationPolicy', summary: 'Change the cancellation policy', description: 'Applies to bookings confirmed from now on (a confirmed booking keeps its own).' },
})];
