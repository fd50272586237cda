import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../platform/config/app-config';
import { DomainError } from '../platform/common/errors';
import { imageTooLarge } from './media.texts';

export class UploadTooLargeError extends DomainError {
  readonly status = 413;
}

/** the bodies an upload is sent as: the image itself, any image type, or plain bytes */
export const UPLOAD_CONTENT_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)(\s*;.*)?$/i;

/**
 * reads an image body as bytes, up to the upload limit. a larger one is read to its end and dropped
 * (answering before the client has sent it all would break the connection) and answered 413 in words.
 */
export function registerUploadBodyParser(
  app: NestFastifyApplication,
  config: Pick<AppConfig, 'uploads'>,
): void {
  const maxBytes = config.uploads.maxBytes;
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addContentTypeParser(UPLOAD_CONTENT_TYPES, (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    payload.once('end', () => {
      if (size > maxBytes) done(new UploadTooLargeError(imageTooLarge(maxBytes)), undefined);
      else done(null, Buffer.concat(chunks, size));
    });
    payload.once('error', (error) => done(error, undefined));
  });
}
