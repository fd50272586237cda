import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EventsModule } from '../platform/events/events.module';
import { MailModule } from '../platform/mail/mail.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { AccountMailController, PasswordResetController } from './account-mail.controller';
import { AccountSettingsService } from './account-settings.service';
import { EmailChangeService } from './email-change.service';
import { LeadMailNotifier } from './lead-mail-notifier';
import { PasswordResetService } from './password-reset.service';

/** what the account does by e-mail: forgot password, change of address, new-message notices */
@Module({
  imports: [StorageModule, AuthModule, EventsModule, MailModule, ThrottlingModule],
  controllers: [PasswordResetController, AccountMailController],
  providers: [PasswordResetService, EmailChangeService, AccountSettingsService, LeadMailNotifier],
})
export class AccountMailModule {}
