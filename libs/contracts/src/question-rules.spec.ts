import { validateInput } from './validation';
import { PrivacyDto } from './profile.dto';
import {
  answerProblems,
  answersToStore,
  answerText,
  cardExchangeOrDefault,
  normalizeAnswer,
  questionsOrDefault,
  type CardQuestion,
} from './question-rules';
import { CreateLeadDto } from './lead.dto';
import { buildLeadVCard } from './lead-vcard';

const question = (overrides: Partial<CardQuestion>): CardQuestion => ({
  id: 'q1',
  label: 'Question',
  kind: 'short_text',
  required: false,
  help: null,
  choices: [],
  ...overrides,
});

const size = question({
  id: 'size',
  label: 'Team size',
  kind: 'one_choice',
  required: true,
  choices: ['1-10', '11+'],
});
const tools = question({ id: 'tools', label: 'Tools', kind: 'choices', choices: ['CRM', 'Mail'] });
const note = question({ id: 'note', label: 'Note', kind: 'long_text', required: true });
const title = question({ id: 'title', label: 'Title' });
const demo = question({ id: 'demo', label: 'Book a demo', kind: 'checkbox', required: true });

describe('the answers to a card’s questions', () => {
  it('says what each required question lacks, in the questions’ order, by the answer’s field', () => {
    expect(answerProblems([size, tools, note, title, demo], {})).toEqual([
      { field: 'answers.size', message: 'Choose an option' },
      { field: 'answers.note', message: 'Answer this question' },
      { field: 'answers.demo', message: 'Tick this box to send' },
    ]);
    expect(answerProblems([note], { note: '   ' })).toEqual([
      { field: 'answers.note', message: 'Answer this question' },
    ]);
    expect(answerProblems([demo], { demo: ['', 'yes'] })).toEqual([]);
    expect(answerProblems([demo], { demo: false })).toHaveLength(1);
  });

  it('takes only the options the question offers, and texts within their length', () => {
    expect(answerProblems([size], { size: 'Other' })[0].message).toBe('Choose one of the options');
    expect(answerProblems([tools], { tools: ['CRM', 'Fax'] })[0].message).toBe('Choose one of the options');
    expect(answerProblems([size, tools], { size: ['11+'], tools: 'Mail' })).toEqual([]);
    expect(answerProblems([title], { title: 'x'.repeat(201) })[0].message).toBe(
      'Keep the answer within 200 characters',
    );
    expect(answerProblems([note], { note: 'x'.repeat(1000) })).toEqual([]);
    expect(answerProblems([note], { note: 'x'.repeat(1001) })[0].message).toBe(
      'Keep the answer within 1000 characters',
    );
    // a number or an object is not an answer of any kind
    expect(answerProblems([title], { title: 42 })[0].message).toBe(
      'Answer the questions with text, a list of options or yes/no',
    );
  });

  it('keeps the answers with the questions as asked, drops unknown ids and empty optional ones', () => {
    const stored = answersToStore([size, tools, note, title, question({ id: 'maybe', kind: 'checkbox' })], {
      size: '11+',
      tools: ['Mail', 'Mail', ' CRM '],
      note: ' Line one\nLine two ',
      title: '  ',
      unknown: 'dropped',
      constructor: 'not an own answer',
    });
    expect(stored).toEqual([
      { questionId: 'size', label: 'Team size', kind: 'one_choice', value: '11+' },
      { questionId: 'tools', label: 'Tools', kind: 'choices', value: ['Mail', 'CRM'] },
      { questionId: 'note', label: 'Note', kind: 'long_text', value: ' Line one\nLine two ' },
    ]);
    // a checkbox the visitor saw (the form's hidden empty value) is kept as "no"
    expect(answersToStore([question({ id: 'maybe', kind: 'checkbox' })], { maybe: '' })).toEqual([
      { questionId: 'maybe', label: 'Question', kind: 'checkbox', value: false },
    ]);
    expect(answerProblems([question({ id: 'constructor', required: true })], {})).toHaveLength(1);
  });

  it('reads the values a form posts, and writes each answer as one line', () => {
    expect(normalizeAnswer('checkbox', ['', 'yes'])).toBe(true);
    expect(normalizeAnswer('checkbox', '')).toBe(false);
    expect(normalizeAnswer('choices', 'CRM')).toEqual(['CRM']);
    expect(normalizeAnswer('short_text', ['a'])).toBeNull();
    expect(answerText(true)).toBe('Yes');
    expect(answerText(false)).toBe('No');
    expect(answerText(['CRM', 'Mail'])).toBe('CRM; Mail');
  });

  it('reads stored settings made before questions as none', () => {
    expect(questionsOrDefault(undefined)).toEqual([]);
    expect(
      questionsOrDefault([
        { id: 'a', label: 'A', kind: 'essay' },
        { id: 'b', label: 'B', kind: 'checkbox' },
      ]),
    ).toEqual([{ id: 'b', label: 'B', kind: 'checkbox', required: false, help: null, choices: [] }]);
    expect(cardExchangeOrDefault(null)).toEqual({ enabled: false, followUp: null });
  });
});

describe('the questions’ and the lead’s DTOs', () => {
  const privacy = (questions: unknown[]) =>
    validateInput(PrivacyDto, {
      collectGeo: false,
      collectIp: false,
      showIdentifiedViewers: true,
      allowMessages: true,
      questions,
    });

  it('trims a question, and keeps options only where they fit the kind', () => {
    const { value, errors } = privacy([
      { label: ' Size? ', kind: 'one_choice', required: true, choices: [' S ', 'M'], help: '  ' },
    ]);
    expect(errors).toEqual([]);
    expect(value.questions[0]).toMatchObject({ label: 'Size?', choices: ['S', 'M'], help: null });
    expect(privacy([{ label: 'Q', kind: 'short_text', choices: ['A', 'B'] }]).errors).toEqual([
      { field: 'questions.0.choices', message: 'Give 2 to 10 options' },
    ]);
    expect(privacy([{ label: 'Q', kind: 'choices', choices: ['A', 'x'.repeat(81)] }]).errors).toEqual([
      { field: 'questions.0.choices', message: 'Keep each option between 1 and 80 characters' },
    ]);
  });

  it('takes answers as an object of texts, lists and booleans under question ids', () => {
    const lead = (answers: unknown) =>
      validateInput(CreateLeadDto, { email: 'a@example.com', consent: true, answers }).errors;
    expect(lead({ q1: 'text', q2: ['a', 'b'], q3: true })).toEqual([]);
    expect(lead(null)).toEqual([]);
    const shape = [
      { field: 'answers', message: 'Answer the questions with text, a list of options or yes/no' },
    ];
    expect(lead(['a'])).toEqual(shape);
    expect(lead({ q1: 1 })).toEqual(shape);
    expect(lead({ 'bad id': 'x' })).toEqual(shape);
    expect(lead(Object.fromEntries(Array.from({ length: 21 }, (_, n) => [`q${n}`, 'x'])))).toEqual(shape);
  });

  it('lists the answers in the lead’s vCard note', () => {
    const vcard = buildLeadVCard({
      email: 'grace@example.com',
      name: null,
      phone: null,
      company: null,
      message: null,
      createdAtUtc: '2031-05-04T10:00:00.000Z',
      profileDisplayName: 'Ada',
      answers: [
        { questionId: 'size', label: 'Team size', kind: 'one_choice', value: '11+' },
        { questionId: 'demo', label: 'Book a demo', kind: 'checkbox', value: false },
      ],
    });
    expect(vcard.replace(/\r\n /g, '')).toContain(
      'NOTE:Left a message on Ada on 2031-05-04.\\n\\nTeam size: 11+\\nBook a demo: No',
    );
  });
});
