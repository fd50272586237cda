// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { IsIn } from 'class-validator';
import { MESSAGE_FIELD_MODES, type MessageFieldMode } from './message-field-rules';

export * from './message-field-rules';

const CHOOSE_MODE = 'Choose off, optional or required';

export class MessageFieldsDto {
  @IsIn(MESSAGE_FIELD_MODES, { message: CHOOSE_MODE })
  name: MessageFieldMode = 'off';

  @IsIn(MESSAGE_FIELD_MODES, { message: CHOOSE_MODE })
  phone: MessageFieldMode = 'off';

  @IsIn(MESSAGE_FIELD_MODES, { message: CHOOSE_MODE })
  company: MessageFieldMode = 'off';
}
