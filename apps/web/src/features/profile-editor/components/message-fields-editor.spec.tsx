import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { MessageFieldsResponse } from '@cardcraft/contracts/message-fields';
import { MessageFieldsEditor } from './message-fields-editor';

function Harness({ onChange }: { onChange: (value: MessageFieldsResponse) => void }) {
  const [value, setValue] = useState<MessageFieldsResponse>({
    name: 'off',
    phone: 'optional',
    company: 'off',
  });
  return (
    <MessageFieldsEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('the message form fields editor', () => {
  it('offers off, optional and required for name, phone and company, one choice each', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    for (const field of ['Name', 'Phone', 'Company']) {
      const group = screen.getByRole('radiogroup', { name: field });
      expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(3);
    }
    const phone = screen.getByRole('radiogroup', { name: 'Phone' });
    expect((phone.querySelector('input[value="optional"]') as HTMLInputElement).checked).toBe(true);

    const name = screen.getByRole('radiogroup', { name: 'Name' });
    fireEvent.click(name.querySelector('input[value="required"]')!);
    expect(onChange).toHaveBeenLastCalledWith({ name: 'required', phone: 'optional', company: 'off' });
    expect((name.querySelector('input[value="required"]') as HTMLInputElement).checked).toBe(true);
    expect((name.querySelector('input[value="off"]') as HTMLInputElement).checked).toBe(false);
  });
});
