import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { NOT_AN_IMAGE } from '@cardcraft/contracts/media';
import germanEditor from '@/i18n/locales/de/editor.json';
import { speak } from '@/test/language';
import { ImageField } from './image-field';

jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '', appOrigin: 'https://cards.example' } }));

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ImageField kind="avatar" label="Avatar Image" value={value} onChange={setValue} onBlur={() => {}} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const textFile = () => new File(['not a picture'], 'notes.txt', { type: 'text/plain' });

describe('the image field of the editor', () => {
  it('keeps the address field: a pasted image address is the value', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Avatar Image'), {
      target: { value: 'https://img.example.com/me.png' },
    });
    expect(screen.getByTestId('value').textContent).toContain('https://img.example.com/me.png');
  });

  it('offers the device’s images (the phone’s photos) and says so when a file is not one', () => {
    render(<Harness />);
    const input = screen.getByTestId('avatar-file');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect((screen.getByRole('button', { name: 'Upload Image' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(input, { target: { files: [textFile()] } });
    expect(screen.getByRole('alert').textContent).toContain(NOT_AN_IMAGE);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a dropped file that is not an image the same way', () => {
    render(<Harness />);
    fireEvent.drop(screen.getByTestId('avatar-dropzone'), { dataTransfer: { files: [textFile()] } });
    expect(screen.getByRole('alert').textContent).toContain(NOT_AN_IMAGE);
  });

  it("speaks the app's language: its buttons, and that a file is not an image", async () => {
    await speak('de');
    const media = germanEditor.media;
    render(<Harness initial="https://cards.example/media/0123456789abcdef.webp" />);
    expect(screen.getByRole('group', { name: 'Avatar Image hochladen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: media.upload })).toBeTruthy();
    expect(screen.getByRole('button', { name: media.remove })).toBeTruthy();
    expect(screen.getByText(media.drop)).toBeTruthy();
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [textFile()] } });
    expect(screen.getByRole('alert').textContent).toBe(media.notAnImage);
  });

  it('removes the image with Remove', () => {
    render(<Harness initial="https://cards.example/media/0123456789abcdef.webp" />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});
