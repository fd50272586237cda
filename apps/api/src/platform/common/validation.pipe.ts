import { type ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';
import { type FieldError, toFieldErrors } from '@cardcraft/contracts';

export const MALFORMED_TEXT_MESSAGE = 'Text must be valid Unicode';

// in unicode mode a paired surrogate is one code point, so this matches only a lone half of a pair
const LONE_SURROGATE = /\p{Surrogate}/u;

const isMalformed = (text: string) => LONE_SURROGATE.test(text);

/**
 * the path (as in validation errors: "blocks.0.title") of the first string, or object key, that is not
 * well-formed unicode; null when there is none. iterative, so a deeply nested body cannot overflow the stack.
 */
export function findMalformedText(value: unknown, rootPath: string): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: rootPath }];
  const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (isMalformed(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: join(path, String(index)) }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        // the key itself goes into the path, so it is shown with the lone halves replaced
        if (isMalformed(key)) return join(path, key.replace(/\p{Surrogate}/gu, '\uFFFD'));
        pending.push({ value: item, path: join(path, key) });
      }
    }
  }
  return null;
}

function validationFailed(errors: FieldError[]): BadRequestException {
  return new BadRequestException({ error: 'Validation failed', errors });
}

/**
 * refuses (400) text that is not well-formed unicode (a lone surrogate, which JSON can carry as
 * "\ud800"): the validators' own decoding would throw on it and answer a 500. root: the path of the
 * value itself, or the kind of input (body, query) when the value is the whole of it.
 */
export function assertWellFormedText(value: unknown, rootPath: string, kind: string): void {
  const field = findMalformedText(value, rootPath);
  if (field !== null) throw validationFailed([{ field: field || kind, message: MALFORMED_TEXT_MESSAGE }]);
}

/**
 * the DTOs of libs/contracts, applied with the transforms they declare; unknown fields are rejected.
 * before any of that, text that is not well-formed unicode is refused.
 */
class ContractValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // custom parameters (the signed-in user, the request's address) are the server's own values
    if (metadata.type !== 'custom') assertWellFormedText(value, metadata.data ?? '', metadata.type);
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ContractValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationFailed(toFieldErrors(errors)),
  });
}
