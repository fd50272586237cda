import { ViewContextQueryDto } from '@cardcraft/contracts';
import { createValidationPipe } from '../platform/common/validation.pipe';

const NO_CONTEXT: ViewContextQueryDto = Object.freeze(new ViewContextQueryDto());
// the few query strings a card's links carry (?src=qr, a campaign's utm set) repeat all day
const KEPT_VERDICTS = 256;
const KEPT_QUERY_MAX_LENGTH = 512;

type Verdict = { context: ViewContextQueryDto } | { refused: unknown };

/**
 * the JSON read's query, checked as every api query is: the contract's DTO through the one validation
 * pipe, unknown names refused (400). the verdict is kept per query string, since checking a dto costs
 * more than the whole read of a kept card.
 */
export class ViewContextQueries {
  private readonly pipe = createValidationPipe();
  private readonly verdicts = new Map<string, Verdict>();

  /** the context of a query string already checked and accepted, without waiting; null otherwise */
  known(search: string): ViewContextQueryDto | null {
    if (search === '') return NO_CONTEXT;
    const verdict = this.verdicts.get(search);
    return verdict && 'context' in verdict ? verdict.context : null;
  }

  async check(search: string, query: unknown): Promise<ViewContextQueryDto> {
    if (search === '') return NO_CONTEXT;
    let verdict = this.verdicts.get(search);
    if (!verdict) {
      try {
        const context = (await this.pipe.transform(query, {
          type: 'query',
          metatype: ViewContextQueryDto,
        })) as ViewContextQueryDto;
        verdict = { context: Object.freeze(context) };
      } catch (refused) {
        verdict = { refused };
      }
      // past the limit the set is not growing: an odd query is checked, just not kept
      if (search.length <= KEPT_QUERY_MAX_LENGTH && this.verdicts.size < KEPT_VERDICTS) {
        this.verdicts.set(search, verdict);
      }
    }
    if ('refused' in verdict) throw verdict.refused;
    return verdict.context;
  }
}
