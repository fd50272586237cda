import '@/test/text-encoding';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { BLOCK_TYPE_DEFINITIONS, GENERIC_BLOCK_HINT, LAYOUTS, THEMES } from '@cardcraft/contracts';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { ProfileEditorPage } from '../routes/profile-editor-page';
import { createBlock, emptyProfileValues, type ProfileFormValues } from '../utils/profile-form';
import { CardPreview } from './card-preview';

jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '', appOrigin: 'https://cards.example' } }));
const saveBlob = jest.fn();
jest.mock('@/lib/api-client', () => ({
  ...jest.requireActual<object>('@/lib/api-client'),
  saveBlob: (...args: unknown[]) => saveBlob(...args),
}));
const toast = jest.fn();
jest.mock('@/components/ui/use-toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

// radix's switch and select measure and scroll with browser calls jsdom lacks
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView = jest.fn();
  Element.prototype.hasPointerCapture = jest.fn(() => false);
  Element.prototype.releasePointerCapture = jest.fn();
});

beforeEach(() => {
  saveBlob.mockClear();
  toast.mockClear();
});

function filledValues(patch: Partial<ProfileFormValues> = {}): ProfileFormValues {
  const cta = createBlock('cta');
  return {
    ...emptyProfileValues(),
    handle: 'Grace-Hopper',
    displayName: 'Grace Hopper',
    tagline: 'Compiler pioneer',
    bio: 'Wrote the first compiler.',
    published: true,
    contact: {
      email: 'grace@navy.example.com',
      phoneNumber: '+1 202 555 0142',
      company: 'US Navy',
      location: 'Arlington',
      website: 'https://grace.example.com',
    },
    socialLinks: [
      {
        id: 's1',
        provider: 'LinkedIn',
        label: '',
        url: 'https://www.linkedin.com/in/grace',
        highlight: true,
      },
    ],
    blocks: [
      {
        ...cta,
        title: 'Read my paper',
        payloadJson: JSON.stringify({ body: 'On compilers', label: 'Read it', url: 'https://paper.example' }),
        touched: { title: true, subtitle: false, payloadJson: true },
      },
      { ...createBlock('quote'), title: 'Hidden block', visible: false },
    ],
    ...patch,
  };
}

/** the document inside the preview's frame, where the card is drawn */
function previewDocument(): Document {
  const figure = screen.getByRole('figure', { name: 'Card preview' });
  const frame = figure.querySelector('iframe');
  if (!frame?.contentDocument) throw new Error('the preview has no frame document');
  return frame.contentDocument;
}

function previewCard(): HTMLElement {
  const card = previewDocument().querySelector<HTMLElement>('[data-theme][data-layout]');
  if (!card) throw new Error('the preview shows no card');
  return card;
}

function renderPreview(values: ProfileFormValues) {
  return render(<CardPreview values={values} />);
}

const COMBINATIONS = THEMES.flatMap((theme) => LAYOUTS.map((layout) => [theme.value, layout.value] as const));

describe('CardPreview', () => {
  it.each(COMBINATIONS)('draws the public card in the %s theme and %s layout', (theme, layout) => {
    renderPreview(filledValues({ theme, layout }));
    const card = previewCard();
    expect(card.dataset.theme).toBe(theme);
    expect(card.dataset.layout).toBe(layout);
    const view = within(previewDocument().body);
    expect(view.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    expect(view.getByText('Compiler pioneer')).toBeTruthy();
    const social = within(view.getByRole('list', { name: 'Social links' })).getByRole('link');
    expect(social.getAttribute('href')).toBe('https://www.linkedin.com/in/grace');
    expect(view.getByRole('heading', { name: 'Read my paper' })).toBeTruthy();
    // hidden blocks stay off the card, as on the public page
    expect(view.queryByText('Hidden block')).toBeNull();
    // the owner's view, without the message form or the owner's notice with its editor link
    expect(view.getByTestId('viewer-badge').textContent).toContain('Your Profile');
    expect(view.queryByRole('link', { name: /Edit card/ })).toBeNull();
    expect(view.queryByRole('textbox')).toBeNull();
  });

  it('is a labelled figure whose frame has a title', () => {
    renderPreview(filledValues());
    const figure = screen.getByRole('figure', { name: 'Card preview' });
    expect(within(figure).getByTitle("Preview of Grace Hopper's card")).toBeTruthy();
    expect(within(figure).getByText('Aurora · Neon · Published')).toBeTruthy();
  });

  it('shows placeholders for an empty form', () => {
    renderPreview(emptyProfileValues());
    const view = within(previewDocument().body);
    expect(view.getByRole('heading', { level: 1, name: 'Your name' })).toBeTruthy();
    expect(view.getByText('@your-handle')).toBeTruthy();
  });

  it("shows the card's own hint for a block whose payload is not valid json", () => {
    const broken = { ...createBlock('cta'), title: 'Broken block', payloadJson: '{"url": ' };
    renderPreview(filledValues({ blocks: [broken] }));
    const view = within(previewDocument().body);
    expect(view.getByRole('heading', { name: 'Broken block' })).toBeTruthy();
    expect(view.getByText(GENERIC_BLOCK_HINT)).toBeTruthy();
    expect(view.getByText(BLOCK_TYPE_DEFINITIONS.cta.emptyHint)).toBeTruthy();
  });

  it('follows the values: a new theme and layout redraw the card', () => {
    const { rerender } = renderPreview(filledValues({ theme: 'aurora', layout: 'neon' }));
    expect(previewCard().dataset.theme).toBe('aurora');
    rerender(<CardPreview values={filledValues({ theme: 'solar', layout: 'split' })} />);
    expect(previewCard().dataset.theme).toBe('solar');
    expect(previewCard().dataset.layout).toBe('split');
  });

  it('keeps clicks inside: no download, no toast, and web links open in a new tab', () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderPreview(filledValues());
    const view = within(previewDocument().body);
    fireEvent.click(view.getByRole('button', { name: /Save Contact/ }));
    fireEvent.click(view.getByRole('link', { name: 'Share' }));
    expect(saveBlob).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();

    const social = within(view.getByRole('list', { name: 'Social links' })).getByRole('link');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    social.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(open).toHaveBeenCalledWith('https://www.linkedin.com/in/grace', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it("has no click markers' script: nothing in the frame runs beyond the card itself", () => {
    renderPreview(filledValues());
    expect(previewDocument().querySelectorAll('script')).toHaveLength(0);
  });
});

describe('the editor with its preview', () => {
  function renderEditor() {
    const store = new SessionStore({ storage: memoryStorage });
    store.hydrate();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const Providers = providers(client, store);
    render(
      <Providers>
        <MemoryRouter initialEntries={['/dashboard/profile/create']}>
          <ProfileEditorPage />
        </MemoryRouter>
      </Providers>,
    );
  }

  async function choose(fieldLabel: string, optionName: RegExp) {
    const trigger = screen.getByRole('combobox', { name: fieldLabel });
    await act(async () => {
      fireEvent.keyDown(trigger, { key: 'Enter' });
    });
    const option = await screen.findByRole('option', { name: optionName });
    await act(async () => {
      fireEvent.keyDown(option, { key: 'Enter' });
    });
  }

  it('redraws the card when the form changes the name, the theme or the layout', async () => {
    renderEditor();
    expect(previewCard().dataset.theme).toBe('aurora');
    expect(previewCard().dataset.layout).toBe('neon');

    fireEvent.change(screen.getByRole('textbox', { name: 'Display Name' }), {
      target: { value: 'Ada Lovelace' },
    });
    expect(
      within(previewDocument().body).getByRole('heading', { level: 1, name: 'Ada Lovelace' }),
    ).toBeTruthy();

    await choose('Theme', /Noir/);
    expect(previewCard().dataset.theme).toBe('noir');
    await choose('Layout', /Minimal/);
    expect(previewCard().dataset.layout).toBe('minimal');
  });
});
