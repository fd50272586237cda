import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { toFieldErrors } from '@cardcraft/contracts';

/** the DTOs of libs/contracts, applied with the transforms they declare; unknown fields are rejected */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new BadRequestException({ error: 'Validation failed', errors: toFieldErrors(errors) }),
  });
}
