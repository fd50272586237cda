// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

export const QR_FORMATS = ['dataurl', 'svg', 'png'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];
export const QR_SIZE = { default: 10, preview: 8, download: 20, min: 1, max: 40 } as const;

export class QrQueryDto {
  /** module size in pixels; the spec's preview is 8 and its download 20 */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `size must be a whole number from ${QR_SIZE.min} to ${QR_SIZE.max}` })
  @Min(QR_SIZE.min, { message: `size must be a whole number from ${QR_SIZE.min} to ${QR_SIZE.max}` })
  @Max(QR_SIZE.max, { message: `size must be a whole number from ${QR_SIZE.min} to ${QR_SIZE.max}` })
  size: number = QR_SIZE.default;

  @IsOptional()
  @IsIn(QR_FORMATS, { message: 'format must be one of dataurl, svg, png' })
  format: QrFormat = 'dataurl';
}
