import { Link } from 'react-router-dom';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import type { EditorMode } from '../utils/profile-fields';

function BackLink({ children = 'Back to Dashboard' }: { children?: string }) {
  return (
    <Link
      to="/dashboard/home"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** the way back, the page's title, and when the card was last saved */
export function EditorHeader({ mode, savedAt }: { mode: EditorMode; savedAt: Date | null }) {
  return (
    <div className="mb-6 sm:mb-8">
      <BackLink />
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {mode === 'create' ? 'Create Profile' : 'Edit Profile'}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground sm:text-base">
            {mode === 'create'
              ? 'Set up your new virtual business card'
              : 'Update your profile information and settings'}
          </p>
        </div>
        {savedAt ? (
          <p className="inline-flex items-center gap-1.5 text-sm text-success" role="status">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Saved {savedAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
