import '@/test/text-encoding';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountLeadResponse, Page } from '@cardcraft/contracts';
import englishLeads from '@/i18n/locales/en/leads.json';
import frenchLeads from '@/i18n/locales/fr/leads.json';
import { englishLeft } from '@/test/english-left';
import { speak } from '@/test/language';
import { cards, choose, dorothy, fill, katherine, renderPage, where } from './leads-page.fixtures';

const get = jest.fn();
const patch = jest.fn();
const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  normalizeError: jest.requireActual('@/lib/api-error').normalizeError,
  api: {
    get: (...args: unknown[]) => get(...args),
    patch: (...args: unknown[]) => patch(...args),
    post: (...args: unknown[]) => post(...args),
  },
  saveBlob: jest.fn(),
}));
const toast = jest.fn();
jest.mock('@/components/ui/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

// radix's select measures and scrolls with browser calls jsdom lacks
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

let leads: AccountLeadResponse[];
const leadQueries = () =>
  get.mock.calls
    .filter(([path]) => path === '/api/leads')
    .map(([, options]) => (options as { query: Record<string, unknown> }).query);

beforeEach(() => {
  leads = [katherine, dorothy];
  get.mockReset().mockImplementation((path: string) => {
    if (path === '/api/profiles') return Promise.resolve(cards);
    if (path === '/api/leads/tags') return Promise.resolve(['vip', 'conference']);
    if (path === '/api/leads') {
      const answer: Page<AccountLeadResponse> = { items: leads, page: 1, pageSize: 20, total: leads.length };
      return Promise.resolve(answer);
    }
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  patch.mockReset();
  post.mockReset();
  toast.mockReset();
});

describe('the Leads page', () => {
  it('shows each lead with its card, status, tags and follow-up reasons, or a hint where there are none', async () => {
    renderPage();
    const row = (await screen.findByRole('button', { name: 'Katherine Johnson' })).closest('tr')!;
    expect(within(row).getByText('@ada')).toBeTruthy();
    expect(within(row).getByRole('combobox', { name: 'Status of Katherine Johnson' }).textContent).toContain(
      'New',
    );
    expect(within(row).getByText('vip')).toBeTruthy();
    expect(within(row).getByText('Saved your contact')).toBeTruthy();
    expect(within(row).getByText('Viewed twice')).toBeTruthy();
    const other = screen.getByRole('button', { name: 'Dorothy Vaughan' }).closest('tr')!;
    expect(within(other).getByText('No visit signals').closest('[title]')?.getAttribute('title')).toMatch(
      /did not record visitor addresses/,
    );
  });

  it('reads the filters from the address, sends them, shows them as chips and clears them', async () => {
    renderPage('/dashboard/leads?card=grace&status=contacted&sort=followUp&from=2026-02-30&page=2');
    await screen.findByRole('button', { name: 'Remove filter Card: @grace' });
    expect(screen.getByRole('button', { name: 'Remove filter Status: Contacted' })).toBeTruthy();
    await waitFor(() => expect(leadQueries().length).toBeGreaterThan(0));
    // the card by its id; a day that does not exist is left out rather than refused
    expect(leadQueries()[0]).toMatchObject({
      profileId: 'p2',
      status: 'contacted',
      sort: 'followUp',
      page: 2,
      from: null,
    });
    expect(screen.queryByRole('button', { name: /Remove filter From/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Status: Contacted' }));
    expect(where().get('status')).toBeNull();
    expect(where().get('card')).toBe('grace');
    // a narrower view starts at its first page
    expect(where().get('page')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    expect(where().get('card')).toBeNull();
    expect(where().get('sort')).toBe('followUp');
  });

  it('searches once the typing stops, and keeps the search in the address', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Katherine Johnson' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'w' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'wind tunnel ' },
    });
    expect(where().get('q')).toBeNull();
    await waitFor(() => expect(where().get('q')).toBe('wind tunnel'));
    await waitFor(() => expect(leadQueries().at(-1)).toMatchObject({ q: 'wind tunnel' }));
    // one search for the last text, none for the letters on the way
    expect(leadQueries().filter((query) => query.q === 'w')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Remove filter Search: “wind tunnel”' })).toBeTruthy();
  });

  it('saves a status at once, and puts the old one back with a toast when it is refused', async () => {
    patch.mockRejectedValueOnce(new Error('The server is busy'));
    renderPage();
    const status = await screen.findByRole('combobox', { name: 'Status of Katherine Johnson' });
    await choose(status, 'Won');
    expect(patch).toHaveBeenCalledWith('/api/profiles/p1/leads/l1', { status: 'won' });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' })),
    );
    expect(toast.mock.calls[0][0]).toMatchObject({
      title: 'Failed to save the status',
      description: 'The server is busy',
    });
    await waitFor(() => expect(status.textContent).toContain('New'));

    patch.mockResolvedValueOnce({ ...katherine, status: 'contacted' });
    await choose(status, 'Contacted');
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith(
        expect.objectContaining({
          title: 'Status saved',
          description: 'Katherine Johnson is now Contacted.',
        }),
      ),
    );
  });

  it('tells no leads yet apart from no leads matching the filters', async () => {
    leads = [];
    const { unmount } = renderPage();
    await screen.findByText('No leads yet');
    expect(screen.getByRole('link', { name: 'Go to your cards' })).toBeTruthy();
    unmount();

    renderPage('/dashboard/leads?tag=vip');
    await screen.findByText('No leads match these filters');
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clear[clear.length - 1]);
    expect(where().get('tag')).toBeNull();
  });

  it('deletes the selected leads once confirmed, and says how many changed and which were not', async () => {
    post.mockResolvedValueOnce({
      results: [
        { id: 'l1', outcome: 'deleted' },
        { id: 'l2', outcome: 'notFound' },
      ],
      changed: 1,
    });
    renderPage();
    await screen.findByRole('button', { name: 'Katherine Johnson' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 leads selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(post).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 leads?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    expect(post).toHaveBeenCalledWith('/api/leads/bulk', { action: 'delete', leadIds: ['l1', 'l2'] });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: '1 of 2 leads changed',
          description: 'No longer found: Dorothy Vaughan.',
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  });

  it('adds a tag to the selected leads and names the ones refused', async () => {
    post.mockResolvedValueOnce({
      results: [
        { id: 'l1', outcome: 'updated' },
        { id: 'l2', outcome: 'refused', error: 'A lead takes up to 10 tags' },
      ],
      changed: 1,
    });
    renderPage();
    fireEvent.click(await screen.findByLabelText('Select Katherine Johnson'));
    fireEvent.click(screen.getByLabelText('Select Dorothy Vaughan'));
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Add tag' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add a tag to 2 leads' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give a tag of 1 to 32 characters');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Tag' }), { target: { value: ' hot ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    });
    expect(post).toHaveBeenCalledWith('/api/leads/bulk', {
      action: 'addTags',
      tags: ['hot'],
      leadIds: ['l1', 'l2'],
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: '1 of 2 leads changed',
          description: 'Refused: Dorothy Vaughan (A lead takes up to 10 tags).',
        }),
      ),
    );
  });

  it('opens a lead in the panel: the note kept while typed and saved, tags added with Enter and taken with Backspace', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Katherine Johnson' }));
    const panel = await screen.findByRole('dialog', { name: 'Katherine Johnson' });
    for (const section of [
      'Message',
      'Answers',
      'Contact',
      'Your card by e-mail',
      'Status',
      'Tags',
      'Private note',
      'Follow-up signals',
    ]) {
      expect(within(panel).getByRole('heading', { name: section })).toBeTruthy();
    }
    // the answer under the question as it was asked, and the card the visitor was sent
    expect(within(panel).getByText('Which talk?')).toBeTruthy();
    expect(within(panel).getByText('Wind tunnels')).toBeTruthy();
    expect(within(panel).getByText('Asked for your card: e-mailed to them.')).toBeTruthy();
    expect(within(panel).getByText('NASA Langley')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'kj@nasa.example.com' }).getAttribute('href')).toBe(
      'mailto:kj@nasa.example.com',
    );

    const note = within(panel).getByRole('textbox', { name: 'Private note' });
    fireEvent.change(note, { target: { value: 'Call back on Monday' } });
    expect(within(panel).getByText(/Unsaved changes/)).toBeTruthy();
    // the server's answer, and what the list reads after it
    leads = [{ ...katherine, note: 'Call back on Monday' }, dorothy];
    patch.mockResolvedValueOnce(leads[0]);
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Save note' }));
    });
    expect(patch).toHaveBeenCalledWith('/api/profiles/p1/leads/l1', { note: 'Call back on Monday' });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Note saved' })));
    expect(within(panel).queryByText(/Unsaved changes/)).toBeNull();
    expect((within(panel).getByRole('textbox', { name: 'Private note' }) as HTMLTextAreaElement).value).toBe(
      'Call back on Monday',
    );

    const tagBox = within(panel).getByRole('combobox', { name: 'Add a tag' });
    expect(within(panel).getByText('1 of 10 tags, up to 32 characters each')).toBeTruthy();
    leads = [{ ...katherine, tags: ['vip', 'hot'] }, dorothy];
    patch.mockResolvedValueOnce(leads[0]);
    fireEvent.change(tagBox, { target: { value: 'hot' } });
    await act(async () => {
      fireEvent.keyDown(tagBox, { key: 'Enter' });
    });
    expect(patch).toHaveBeenLastCalledWith('/api/profiles/p1/leads/l1', { tags: ['vip', 'hot'] });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Remove tag hot' })).toBeTruthy());

    leads = [{ ...katherine, tags: ['vip'] }, dorothy];
    patch.mockResolvedValueOnce(leads[0]);
    await act(async () => {
      fireEvent.keyDown(tagBox, { key: 'Backspace' });
    });
    expect(patch).toHaveBeenLastCalledWith('/api/profiles/p1/leads/l1', { tags: ['vip'] });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Remove tag hot' })).toBeNull());
  });

  it("speaks the app's language: its words, the statuses, the follow-up signals, the dates and the toasts", async () => {
    await speak('fr');
    renderPage();
    const row = (await screen.findByRole('button', { name: 'Katherine Johnson' })).closest('tr')!;
    expect(screen.getByRole('heading', { level: 1, name: frenchLeads.page.title })).toBeTruthy();
    expect(screen.getByText(fill(frenchLeads.table.total_other, { count: 2 }))).toBeTruthy();
    const status = within(row).getByRole('combobox', {
      name: fill(frenchLeads.status.of, { name: 'Katherine Johnson' }),
    });
    expect(status.textContent).toContain(frenchLeads.statuses.new);
    // the server's English reasons, said in French; the day in French too
    expect(within(row).getByText(frenchLeads.followUp.reasons.savedContact)).toBeTruthy();
    expect(within(row).getByText(frenchLeads.followUp.reasons.viewedTwice)).toBeTruthy();
    expect(within(row).getByText(/mars 2026/)).toBeTruthy();
    const other = screen.getByRole('button', { name: 'Dorothy Vaughan' }).closest('tr')!;
    expect(within(other).getByText(frenchLeads.followUp.notCollected)).toBeTruthy();
    expect(englishLeft(englishLeads, frenchLeads)).toEqual([]);

    patch.mockResolvedValueOnce({ ...katherine, status: 'won' });
    await choose(status, frenchLeads.statuses.won);
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith(
        expect.objectContaining({
          title: frenchLeads.status.saved,
          description: fill(frenchLeads.status.savedText, {
            name: 'Katherine Johnson',
            status: frenchLeads.statuses.won,
          }),
        }),
      ),
    );

    fireEvent.click(
      within(row).getByRole('button', {
        name: fill(frenchLeads.table.openNamed, { name: 'Katherine Johnson' }),
      }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Katherine Johnson' });
    for (const section of Object.values(frenchLeads.detail.sections)) {
      expect(within(panel).getByRole('heading', { name: section })).toBeTruthy();
    }
    expect(within(panel).getByText(frenchLeads.answers.cardSent)).toBeTruthy();
    expect(englishLeft(englishLeads, frenchLeads)).toEqual([]);
  });
});
