import { Inject, Injectable, Logger } from '@nestjs/common';
import { isTeamAdmin } from '@cardcraft/contracts';
import type { TeamsRepository, UsersRepository, WebhookEndpointRecord } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { webhookDisabledMail } from '../platform/mail/mail-templates';
import { MailService } from '../platform/mail/mail.service';
import { TEAMS, USERS } from '../platform/storage/storage.tokens';

/**
 * tells whoever manages an endpoint that the product turned it off: its owner, or a team's owners and
 * admins, each by a mail of their own, with the link to where it is turned on again
 */
@Injectable()
export class WebhookDisabledNotifier {
  constructor(
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(TEAMS) private readonly teams: TeamsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  notify(endpoint: WebhookEndpointRecord, reason: string): void {
    const base = this.config.publicBaseUrl;
    const { scope } = endpoint;
    const link =
      scope.kind === 'team'
        ? `${base}/dashboard/teams/${scope.teamId}/webhooks`
        : `${base}/dashboard/integrations`;
    const text = `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
    void this.recipients(endpoint).then(
      (ids) => {
        for (const id of ids) {
          this.mail.send(async () => {
            const user = await this.users.findById(id);
            return user ? webhookDisabledMail(user.email, endpoint, text, link) : null;
          });
        }
      },
      (error: unknown) =>
        new Logger('Webhooks').error(
          `the mail about endpoint ${endpoint.id} could not be addressed: ${(error as Error).message}`,
        ),
    );
  }

  private async recipients(endpoint: WebhookEndpointRecord): Promise<string[]> {
    const { scope } = endpoint;
    if (scope.kind === 'user') return [scope.userId];
    const members = await this.teams.listMembers(scope.teamId);
    return members.filter((member) => isTeamAdmin(member.role)).map((member) => member.userId);
  }
}
