import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OPERATOR_IMAGES, OperatorBasicInfoResponse, type OperatorImage } from '@sagano/domain/master-data/operator-basic-info-schemas';
import { AppError, invalid } from '../../lib/app-error.ts';
import { MAX_IMAGE_BYTES } from '../files/index.ts';
import { OPERATOR_BASIC_INFO_PATH } from './operator-basic-info.repository.ts';
import type { MasterDataService } from './master-data.service.ts';

const OPERATIONS = {
  logo: { update: 'operator_basic_info.update_logo', remove: 'operator_basic_info.remove_logo' },
  stamp: { update: 'operator_basic_info.update_stamp', remove: 'operator_basic_info.remove_stamp' },
} as const;

/**
 * The one uploaded file of a multipart/form-data call. A file over the limit is cut one byte past
 * it (not refused by the parser with a 413) so that `storeImage` answers the 400 naming the image.
 */
async function uploadedFile(request: FastifyRequest, image: OperatorImage): Promise<{ bytes: Buffer; originalName: string }> {
  if (!request.isMultipart()) throw invalid(image, 'send the image as multipart/form-data');
  try {
    const part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: false });
    if (!part) throw invalid(image, 'choose an image file');
    return { bytes: await part.toBuffer(), originalName: part.filename };
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
    // The multipart parser's own complaints (a body cut short, no boundary) are the caller's fault.
    throw invalid(image, 'the upload is not a complete multipart/form-data body');
  }
}

/**
 * The operator's logo and company stamp under /v1/master-data/operator-basic-info/{logo,stamp}
 * (the record's own GET and PUT are in master-data.routes.ts): GET serves the image to the back office;
 * PUT (multipart/form-data) and DELETE are the back office's, each in the operation log.
 */
export function operatorImageRoutes(app: FastifyInstance, deps: { masterData: MasterDataService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { masterData } = deps;
  const tags = ['master-data'];
  const config = { category: 'master_data' as const };
  const reads = { ...config, access: 'backOffice' as const };

  for (const image of OPERATOR_IMAGES) {
    const path = `${OPERATOR_BASIC_INFO_PATH}/${image}`;
    r.get(path, { schema: { tags }, config: reads }, async (_request, reply) => {
      const file = await masterData.readOperatorImage(image);
      return reply.type(file.contentType).header('content-disposition', `inline; filename="${image}"`).send(file.bytes);
    });

    r.delete(path, { schema: { tags, response: { 200: OperatorBasicInfoResponse } }, config: { ...config, operation: OPERATIONS[image].remove } }, (request) =>
      request.mutate((work) => masterData.removeOperatorImage(work, image)),
    );
  }

  // Uploads parse multipart/form-data in a scope of their own: no other route takes it.
  void app.register(async (scope) => {
    await scope.register(multipart);
    const s = scope.withTypeProvider<ZodTypeProvider>();
    for (const image of OPERATOR_IMAGES) {
      s.put(
        `${OPERATOR_BASIC_INFO_PATH}/${image}`,
        { schema: { tags, consumes: ['multipart/form-data'], response: { 200: OperatorBasicInfoResponse } }, config: { ...config, operation: OPERATIONS[image].update } },
        async (request) => {
          const upload = await uploadedFile(request, image);
          // The operation log keeps what was uploaded, not its bytes.
          request.body = { file_name: upload.originalName, byte_size: upload.bytes.length };
          const key = await masterData.storeOperatorImage(image, upload);
          return request.mutate((work) => masterData.setOperatorImage(work, image, key));
        },
      );
    }
  });
}
