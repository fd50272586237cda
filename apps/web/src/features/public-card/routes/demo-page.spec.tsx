import '@/test/text-encoding';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { LAYOUTS, THEMES } from '@cardcraft/contracts/themes';
import englishProfiles from '@/i18n/locales/en/profiles.json';
import japaneseCard from '@/i18n/locales/ja/card.json';
import japaneseProfiles from '@/i18n/locales/ja/profiles.json';
import { englishLeft } from '@/test/english-left';
import { speak } from '@/test/language';
import { DemoPage } from './demo-page';

jest.mock('@/lib/api-client', () => ({ saveBlob: jest.fn() }));

function Where() {
  const here = useLocation();
  return <output data-testid="where">{here.search}</output>;
}

function renderDemo() {
  render(
    <MemoryRouter initialEntries={['/demo']}>
      <DemoPage />
      <Where />
    </MemoryRouter>,
  );
}

describe('the demo page', () => {
  it('says in English what each theme and layout looks like, as the contracts do', () => {
    renderDemo();
    for (const { label, description } of [...THEMES, ...LAYOUTS]) {
      expect(screen.getByRole('radio', { name: label }).closest('label')?.title).toBe(description);
    }
  });

  it("speaks the app's language around the card, and still switches the theme", async () => {
    await speak('ja');
    const ja = japaneseProfiles.demo;
    renderDemo();
    expect(screen.getByText(ja.notice)).toBeTruthy();
    expect(screen.getByRole('link', { name: ja.createFree }).getAttribute('href')).toBe('/auth/register');
    expect(screen.getByRole('group', { name: ja.theme })).toBeTruthy();
    expect(screen.getByRole('group', { name: ja.layout })).toBeTruthy();
    // the themes keep their names; what they look like is said in Japanese
    expect(screen.getByRole('radio', { name: 'Noir' }).closest('label')?.title).toBe(ja.themes.noir);
    expect(screen.getByRole('radio', { name: 'Split' }).closest('label')?.title).toBe(ja.layouts.split);
    expect(document.title).toBe(
      ja.title.replace('{{title}}', japaneseCard.meta.title.replace('{{name}}', 'Alex Morgan')),
    );
    expect(englishLeft(englishProfiles, japaneseProfiles)).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Noir' }));
    expect(screen.getByTestId('where').textContent).toBe('?theme=noir');
  });
});
