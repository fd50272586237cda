import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { QrDesignMessages } from '@cardcraft/contracts';
import type { QrDesign } from './get-profile-qr';
import { initialDesign } from './qr-design';
import { QrLogoOptions } from './qr-logo-options';

/** the options over a design held as the dialog holds it; the design is shown to read what changed */
function Harness({ avatarUrl = null }: { avatarUrl?: string | null }) {
  const [design, setDesign] = useState<QrDesign>(() => initialDesign({ theme: 'noir' }));
  return (
    <>
      <QrLogoOptions
        profile={{ id: 'p1', media: { avatarUrl, bannerUrl: null, ogImageUrl: null } }}
        design={design}
        update={(change) => setDesign((current) => ({ ...current, ...change }))}
      />
      <output data-testid="design">{`${design.logo} ${design.logoDataUrl ?? 'no image'}`}</output>
    </>
  );
}

const pick = (file: File) =>
  fireEvent.change(screen.getByLabelText('Logo image'), { target: { files: [file] } });
const design = () => screen.getByTestId('design').textContent;

describe('QrLogoOptions', () => {
  it('offers the avatar only when the card has one', () => {
    const { unmount } = render(<Harness />);
    expect((screen.getByRole('radio', { name: 'Avatar' }) as HTMLInputElement).disabled).toBe(true);
    unmount();
    render(<Harness avatarUrl="https://cdn.example.com/ada.png" />);
    fireEvent.click(screen.getByRole('radio', { name: 'Avatar' }));
    expect(design()).toBe('avatar no image');
  });

  it('refuses a file that is not a PNG, JPEG, GIF or WebP image, and keeps the design', () => {
    render(<Harness />);
    pick(new File(['%PDF'], 'card.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(QrDesignMessages.logoType);
    expect(design()).toBe('none no image');
  });

  it('uses a picked image as the logo, and names it beside Change image', async () => {
    render(<Harness />);
    pick(new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('logo.png')).toBeTruthy();
    expect(design()).toMatch(/^upload data:image\/png;base64,/);
    expect(screen.getByRole('button', { name: 'Change image' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
