import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { DomainEvents } from '../platform/events/domain-events';
import { cardExchangeMail } from '../platform/mail/mail-templates';
import { MailService } from '../platform/mail/mail.service';
import { ContactFilesService } from './contact-files.service';

/**
 * e-mails the card to a visitor who ticked "Send me your card", when the day's limits let it go
 * (LeadsService decided and stored that with the lead). the contact file is the one Save Contact
 * downloads; it is made and sent after the visitor's answer, and a failure is only logged.
 */
@Injectable()
export class CardExchangeMailer {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    events: DomainEvents,
    mail: MailService,
    contactFiles: ContactFilesService,
  ) {
    events.on('lead.created', ({ lead, profile }) => {
      if (!lead.cardExchange?.cardSent) return;
      mail.send(async () => {
        const file = await contactFiles.file(profile, null);
        const attachment = { filename: file.fileName, content: file.body, contentType: 'text/vcard' };
        return cardExchangeMail(lead.email, profile, attachment, config.publicBaseUrl);
      });
    });
  }
}
