import { Inject, Injectable } from '@nestjs/common';
import type { UsersRepository } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { DomainEvents } from '../platform/events/domain-events';
import { newMessageMail } from '../platform/mail/mail-templates';
import { MailService } from '../platform/mail/mail.service';
import { USERS } from '../platform/storage/storage.tokens';

/**
 * e-mails a card's owner each new message left on it, unless the owner turned it off in Settings.
 * the owner's lookup and the mail run after the visitor's answer, and a failure of either is only
 * logged: the message is stored whatever happens to its mail.
 */
@Injectable()
export class LeadMailNotifier {
  constructor(
    @Inject(USERS) users: UsersRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    events: DomainEvents,
    mail: MailService,
  ) {
    events.on('lead.created', ({ lead, profile }) => {
      mail.send(async () => {
        const owner = await users.findById(profile.ownerId);
        if (!owner?.notifyOnMessages) return null;
        return newMessageMail(owner.email, lead, profile, config.publicBaseUrl);
      });
    });
  }
}
