import { fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import type { LockableField } from '@cardcraft/contracts';
import { bindProfileFields } from '../utils/profile-fields';
import { emptyProfileValues, toProfileInput, type ProfileFormValues } from '../utils/profile-form';
import { CardExchangeSettings, QuestionsCard } from './questions-editor';

/** the harness's values after each render, read by the cases */
const seen: { values: ProfileFormValues | null } = { values: null };
const latestValues = (): ProfileFormValues => seen.values!;

function Harness({
  start,
  locked = [],
  errors = {},
}: {
  start?: Partial<ProfileFormValues['privacy']>;
  locked?: LockableField[];
  errors?: Record<string, string>;
}) {
  const [values, setValues] = useState<ProfileFormValues>(() => {
    const empty = emptyProfileValues();
    return { ...empty, privacy: { ...empty.privacy, ...start } };
  });
  useEffect(() => {
    seen.values = values;
  });
  const fields = bindProfileFields(values, errors, (change) => setValues(change), locked);
  return (
    <>
      <QuestionsCard fields={fields} />
      <CardExchangeSettings fields={fields} />
    </>
  );
}

const question = (n: number) => ({
  id: `q${n}`,
  label: `Question ${n}`,
  kind: 'short_text' as const,
  required: false,
  help: null,
  choices: [],
});

describe('the questions editor', () => {
  it('adds questions up to five, edits, reorders and removes them, and saves them trimmed', () => {
    render(<Harness />);
    expect(screen.getByText(/No questions yet/)).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add Question' });
    fireEvent.click(add);
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: ' Team size? ' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Required' }));
    fireEvent.click(add);
    const second = screen.getAllByRole('listitem')[1];
    fireEvent.change(within(second).getByLabelText('Question'), { target: { value: 'Anything else?' } });
    fireEvent.change(within(second).getByLabelText('Help text'), { target: { value: 'A line' } });

    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(latestValues().privacy.questions.map((q) => q.label)).toEqual(['Anything else?', ' Team size? ']);
    const saved = toProfileInput(latestValues()).privacy.questions;
    expect(saved).toEqual([
      {
        id: expect.stringMatching(/^q\w{12}$/),
        label: 'Anything else?',
        kind: 'short_text',
        required: false,
        help: 'A line',
        choices: [],
      },
      {
        id: expect.any(String),
        label: 'Team size?',
        kind: 'short_text',
        required: true,
        help: null,
        choices: [],
      },
    ]);
    expect(saved[0].id).not.toBe(saved[1].id);

    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(latestValues().privacy.questions.map((q) => q.label)).toEqual([' Team size? ']);
    for (let n = 0; n < 4; n += 1) fireEvent.click(add);
    expect(latestValues().privacy.questions).toHaveLength(5);
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes a choice question’s options one a line, blank lines left out, and shows the server’s errors', () => {
    render(
      <Harness
        start={{ questions: [{ ...question(1), kind: 'one_choice', choices: ['Small', 'Large'] }] }}
        errors={{ 'privacy.questions.0.choices': 'Give each option a different text' }}
      />,
    );
    const options = screen.getByLabelText('Options');
    expect((options as HTMLTextAreaElement).value).toBe('Small\nLarge');
    expect(screen.getByText('Give each option a different text')).toBeTruthy();
    fireEvent.change(options, { target: { value: 'Small\n\n Large \nHuge' } });
    expect(toProfileInput(latestValues()).privacy.questions[0].choices).toEqual(['Small', 'Large', 'Huge']);
  });

  it('shows the questions read-only when the team’s template sets them', () => {
    render(
      <Harness start={{ questions: [{ ...question(1), required: true }] }} locked={['privacy.questions']} />,
    );
    expect(screen.queryByRole('button', { name: 'Add Question' })).toBeNull();
    expect(screen.getByText('Question 1')).toBeTruthy();
    expect(screen.getByText('Short text, required')).toBeTruthy();
    expect(screen.getByText("This field is set by your team's template and cannot be changed")).toBeTruthy();
  });

  it('offers "Send me your card" with a follow-up text once it is on', () => {
    render(<Harness />);
    expect(screen.queryByLabelText('Follow-up text in the e-mail')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Offer “Send me your card by e-mail”' }));
    fireEvent.change(screen.getByLabelText('Follow-up text in the e-mail'), {
      target: { value: 'Great to meet you' },
    });
    expect(toProfileInput(latestValues()).privacy.cardExchange).toEqual({
      enabled: true,
      followUp: 'Great to meet you',
    });
  });
});
