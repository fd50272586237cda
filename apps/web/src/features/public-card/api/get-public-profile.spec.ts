import { readViewContext } from './get-public-profile';

jest.mock('@/lib/api-client', () => ({ api: { get: jest.fn() } }));

describe('readViewContext', () => {
  const origin = 'https://cards.example';

  it('passes the campaign parameters and the QR source of the page address', () => {
    expect(
      readViewContext('?utm_source=news&utm_medium=email&utm_campaign=spring&src=qr&other=1', '', origin),
    ).toEqual({ utm_source: 'news', utm_medium: 'email', utm_campaign: 'spring', src: 'qr' });
  });

  it('passes a referrer from another site', () => {
    expect(readViewContext('', 'https://www.linkedin.com/feed/', origin)).toEqual({
      ref: 'https://www.linkedin.com/feed/',
    });
  });

  it('passes an app referrer', () => {
    expect(readViewContext('', 'android-app://com.slack/', origin)).toEqual({
      ref: 'android-app://com.slack/',
    });
  });

  it('leaves out a referrer from the app itself', () => {
    expect(readViewContext('', 'https://cards.example/dashboard/home', origin)).toEqual({});
    expect(readViewContext('', '', origin)).toEqual({});
  });

  it('drops empty parameters and bounds long ones', () => {
    const context = readViewContext(`?utm_source=%20&src=${'q'.repeat(40)}`, '', origin);
    expect(context).toEqual({ src: 'q'.repeat(32) });
  });
});
