import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { SatoriCardPreviewRenderer } from './adapters/satori-card-preview-renderer';
import { CARD_PREVIEW_RENDERER } from './card-preview-renderer';
import { CardPreviewService } from './card-preview.service';

/** the preview image drawn for a card without a social preview image of its own; served at /u/{handle}/preview.png */
@Module({
  imports: [MediaModule],
  providers: [CardPreviewService, { provide: CARD_PREVIEW_RENDERER, useClass: SatoriCardPreviewRenderer }],
  exports: [CardPreviewService],
})
export class CardPreviewModule {}
