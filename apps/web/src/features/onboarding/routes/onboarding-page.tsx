import { Link } from 'react-router-dom';
import { ArrowRight, PenLine, QrCode, Send, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: PenLine,
    title: 'Create your profile',
    text: 'Pick a handle, add your name, contact details and the links that matter.',
  },
  {
    icon: Send,
    title: 'Publish it',
    text: 'Flip the switch to Published and your profile is live at your own address.',
  },
  {
    icon: QrCode,
    title: 'Share and track',
    text: 'Share the link or its QR code, then watch visits and messages come in.',
  },
];

export function OnboardingPage() {
  useDocumentTitle('Welcome');
  const { session } = useSession();
  const firstName = session?.displayName.trim().split(/\s+/)[0];
  return (
    <div className="mx-auto max-w-3xl py-4 sm:py-8">
      <div className="overflow-hidden rounded-2xl bg-linear-to-br from-indigo-600 via-violet-600 to-purple-700 px-6 py-10 text-white shadow-lg sm:px-10 sm:py-14">
        <p className="text-sm font-medium text-indigo-100">Welcome aboard</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
          Welcome to Cardcraft{firstName ? `, ${firstName}` : ''}!
        </h1>
        <p className="mt-3 max-w-xl text-base text-indigo-50 sm:text-lg">
          Let&apos;s create your first virtual card. It takes about two minutes, and you can change everything
          later.
        </p>
        <Button asChild size="lg" className="mt-8 bg-white text-indigo-700 shadow-md hover:bg-indigo-50">
          <Link to="/dashboard/profile/create">
            Create your first card
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>

      <ol className="mt-8 grid gap-4 sm:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="rounded-(--radius-card) border border-border bg-surface p-5 shadow-xs">
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Step {index + 1}
              </span>
            </div>
            <h2 className="mt-4 font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        Prefer to look around first?{' '}
        <Link to="/dashboard/home" className="font-medium text-primary hover:underline">
          Go to your dashboard
        </Link>
      </p>
    </div>
  );
}
