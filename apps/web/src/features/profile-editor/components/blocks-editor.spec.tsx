import '@/test/text-encoding';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { BlocksEditor } from './blocks-editor';
import { SocialLinksEditor } from './social-links-editor';
import type { BlockForm, SocialLinkForm } from '../utils/profile-form';

// radix's switch measures itself; jsdom has no ResizeObserver
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let blocksNow: BlockForm[] = [];
function Blocks({ initial = [] }: { initial?: BlockForm[] }) {
  const [blocks, setBlocks] = useState<BlockForm[]>(initial);
  // what the editor last handed back, for the test to read
  const record = (next: BlockForm[]) => {
    blocksNow = next;
    setBlocks(next);
  };
  return <BlocksEditor blocks={blocks} errors={{}} onChange={record} />;
}

let linksNow: SocialLinkForm[] = [];
function Links() {
  const [links, setLinks] = useState<SocialLinkForm[]>([]);
  const record = (next: SocialLinkForm[]) => {
    linksNow = next;
    setLinks(next);
  };
  return <SocialLinksEditor links={links} errors={{}} onChange={record} />;
}

const block = (n: number) => screen.getByRole('group', { name: new RegExp(`^Block ${n} ·`) });
const json = (n: number) => within(block(n)).getByLabelText('Configuration JSON') as HTMLTextAreaElement;
const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('the block editor', () => {
  it('starts a block with its title, an empty payload and the hint of what to add', () => {
    render(<Blocks />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Block' }));
    expect((within(block(1)).getByLabelText('Title') as HTMLInputElement).value).toBe("Let's collaborate");
    expect(JSON.parse(json(1).value)).toEqual({ ctaLabel: '', ctaHref: '', body: '' });
    expect(within(block(1)).getByText('Add a CTA label and link.')).toBeTruthy();
  });

  it('edits a call to action with its fields, kept in sync with the Configuration JSON', () => {
    render(<Blocks />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Block' }));
    change(within(block(1)).getByLabelText('Button label'), 'Book a call');
    const link = within(block(1)).getByLabelText('Button link');
    change(link, 'cal.com/ada');
    fireEvent.blur(link);
    expect(JSON.parse(json(1).value)).toMatchObject({
      ctaLabel: 'Book a call',
      ctaHref: 'https://cal.com/ada',
    });

    change(json(1), '{"ctaLabel":"Write to me","ctaHref":"mailto:ada@example.com"}');
    expect((within(block(1)).getByLabelText('Button label') as HTMLInputElement).value).toBe('Write to me');
    expect((within(block(1)).getByLabelText('Button link') as HTMLInputElement).value).toBe(
      'mailto:ada@example.com',
    );

    change(json(1), '{"ctaLabel": ');
    expect(within(block(1)).queryByLabelText('Button label')).toBeNull();
    expect(
      within(block(1)).getByText('This is not valid JSON; your profile will show the block as empty.'),
    ).toBeTruthy();
  });

  it('has a quote and its author, and an embed address with what the card will show', () => {
    render(
      <Blocks
        initial={[
          { ...blocksFor('quote'), payloadJson: '{"quote":"","author":""}' },
          { ...blocksFor('embed'), id: 'block-embed-2', payloadJson: '{"embedUrl":""}' },
        ]}
      />,
    );
    change(within(block(1)).getByLabelText('Quote'), 'Simplicity is prerequisite for reliability.');
    change(within(block(1)).getByLabelText('Author'), 'Edsger W. Dijkstra');
    expect(JSON.parse(json(1).value)).toEqual({
      quote: 'Simplicity is prerequisite for reliability.',
      author: 'Edsger W. Dijkstra',
    });
    const embed = within(block(2)).getByLabelText('Embed URL');
    change(embed, 'youtu.be/aaaaaaaaaaa');
    fireEvent.blur(embed);
    expect(JSON.parse(json(2).value)).toEqual({ embedUrl: 'https://youtu.be/aaaaaaaaaaa' });
    expect(within(block(2)).getByText('Your profile plays this from YouTube.')).toBeTruthy();
    fireEvent.click(within(block(2)).getByRole('button', { name: 'Show preview' }));
    expect(
      within(block(2))
        .getByTitle(/^Preview: /)
        .getAttribute('src'),
    ).toBe('https://www.youtube-nocookie.com/embed/aaaaaaaaaaa');
    change(embed, 'https://example.com/talk');
    expect(within(block(2)).getByText(/shows a link to this address instead/)).toBeTruthy();
  });

  it("reorders blocks by keyboard: move buttons and the handle's arrow keys, focus kept on the moved block", () => {
    render(<Blocks />);
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Add Block' }));
    const ids = blocksNow.map((b) => b.id);
    fireEvent.click(screen.getByRole('button', { name: 'Move block 3 up' }));
    expect(blocksNow.map((b) => b.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move block 2 up' }));
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Block moved to position 2 of 3.');

    const handle = screen.getByRole('button', { name: /^Reorder block 2/ });
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(blocksNow.map((b) => b.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Reorder block 1/ }));
    expect((screen.getByRole('button', { name: 'Move block 1 up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('reorders blocks by dragging the handle onto another block', () => {
    render(<Blocks />);
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Add Block' }));
    const ids = blocksNow.map((b) => b.id);
    const dataTransfer = { setData: jest.fn(), setDragImage: jest.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByRole('button', { name: /^Reorder block 1/ }), { dataTransfer });
    const target = block(3).closest('li') as HTMLElement;
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(blocksNow.map((b) => b.id)).toEqual([ids[1], ids[2], ids[0]]);
  });

  it('moves the focus to a neighbour after Remove, and to Add Block when none is left', () => {
    render(<Blocks />);
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Add Block' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove block 2' }));
    expect(document.activeElement).toBe(within(block(2)).getByLabelText('Title'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove block 2' }));
    expect(document.activeElement).toBe(within(block(1)).getByLabelText('Title'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove block 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Block' }));
  });

  it("edits the links block's list: add, fill, reorder and remove links", () => {
    const links = { ...blocksFor('links') };
    render(<Blocks initial={[links]} />);
    const add = within(block(1)).getByRole('button', { name: 'Add a link' });
    fireEvent.click(add);
    fireEvent.click(add);
    const labels = within(block(1)).getAllByLabelText('Link label');
    const hrefs = within(block(1)).getAllByLabelText('Link address');
    change(labels[0], 'Portfolio');
    change(hrefs[0], 'ada.example.com');
    fireEvent.blur(hrefs[0]);
    change(labels[1], 'Blog');
    change(hrefs[1], 'https://blog.example.com');
    fireEvent.click(within(block(1)).getByRole('button', { name: 'Move link 2 up' }));
    expect(JSON.parse(json(1).value)).toEqual({
      links: [
        { label: 'Blog', href: 'https://blog.example.com' },
        { label: 'Portfolio', href: 'https://ada.example.com' },
      ],
    });
    fireEvent.click(within(block(1)).getByRole('button', { name: 'Remove link 1' }));
    expect(JSON.parse(json(1).value)).toEqual({
      links: [{ label: 'Portfolio', href: 'https://ada.example.com' }],
    });
    expect(document.activeElement).toBe(within(block(1)).getByLabelText('Link label'));
  });
});

function blocksFor(type: BlockForm['type']): BlockForm {
  return {
    id: `block-${type}`,
    type,
    title: 'Explore more',
    subtitle: '',
    payloadJson: '{"links":[]}',
    visible: true,
    touched: { title: false, subtitle: false, payloadJson: false },
  };
}

describe('the social links editor', () => {
  it('starts a new link not highlighted', () => {
    render(<Links />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(screen.getByRole('switch', { name: 'Highlight this link' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('moves the focus to a neighbour after Remove, and to Add Link when none is left', () => {
    render(<Links />);
    for (let i = 0; i < 2; i++) fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    const second = linksNow[1].id;
    fireEvent.click(screen.getByRole('button', { name: 'Remove social link 1' }));
    expect(linksNow.map((l) => l.id)).toEqual([second]);
    const group = screen.getByRole('group', { name: 'Social link 1' });
    expect(document.activeElement).toBe(within(group).getByLabelText('Platform'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove social link 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Link' }));
  });

  it('reorders links by keyboard', () => {
    render(<Links />);
    for (let i = 0; i < 2; i++) fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    const ids = linksNow.map((l) => l.id);
    fireEvent.click(screen.getByRole('button', { name: 'Move social link 1 down' }));
    expect(linksNow.map((l) => l.id)).toEqual([ids[1], ids[0]]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move social link 2 up' }));
  });
});
