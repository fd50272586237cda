import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { PublicModule } from '../public/public.module';
import { SatoriCardPreviewRenderer } from './adapters/satori-card-preview-renderer';
import { CARD_PREVIEW_RENDERER } from './card-preview-renderer';
import { CardPreviewController } from './card-preview.controller';
import { CardPreviewService } from './card-preview.service';

/** the preview image drawn for a card without a social preview image of its own */
@Module({
  imports: [MediaModule, PublicModule],
  controllers: [CardPreviewController],
  providers: [CardPreviewService, { provide: CARD_PREVIEW_RENDERER, useClass: SatoriCardPreviewRenderer }],
})
export class CardPreviewModule {}
