import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OutboxMailTransport } from './adapters/outbox-mail-transport';
import { SmtpMailTransport } from './adapters/smtp-mail-transport';
import { MAIL_TRANSPORT, type MailTransport } from './mail.port';
import { MailService } from './mail.service';

/** e-mail: over SMTP when SMTP_URL is set, else as .eml files in DATA_DIR/outbox */
@Module({
  providers: [
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailTransport => {
        const transport = config.mail.smtpUrl
          ? new SmtpMailTransport(config.mail.smtpUrl)
          : new OutboxMailTransport(config.mail.outboxDir);
        const logger = new Logger('Mail');
        if (config.mail.smtpUrl) logger.log(`mail goes to ${transport.destination}`);
        // warn: the default log level shows it, since nobody receives these mails until it is set
        else logger.warn(`mail goes to ${transport.destination} (.eml files; set SMTP_URL to send it)`);
        return transport;
      },
    },
    MailService,
  ],
  exports: [MailService],
})
export class MailModule {}
