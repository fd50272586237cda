import * as ToastPrimitive from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { cva } from 'class-variance-authority';
import { CheckCircle2, CircleAlert, Info, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useToast, type ToastVariant } from './use-toast';

export { toast, useToast } from './use-toast';

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg animate-slide-in data-[state=closed]:animate-fade-in data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)',
  {
    variants: {
      variant: {
        default: 'border-border bg-surface text-foreground',
        success: 'border-emerald-200 bg-surface text-foreground',
        destructive: 'border-red-200 bg-destructive-soft text-red-900',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

const icons: Record<ToastVariant, typeof Info> = {
  default: Info,
  success: CheckCircle2,
  destructive: CircleAlert,
};

const iconColors: Record<ToastVariant, string> = {
  default: 'text-primary',
  success: 'text-success',
  destructive: 'text-destructive',
};

/** renders the toasts raised with toast(); mount once near the root */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  // mounted above every Suspense boundary: it never waits for a language (English until it has come)
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <ToastPrimitive.Provider swipeDirection="right">
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => {
        const Icon = icons[variant];
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            duration={duration ?? 5000}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(next) => {
              if (!next) dismiss(id);
            }}
            className={toastVariants({ variant })}
            data-toast=""
          >
            <Icon className={cn('mt-0.5 size-5 shrink-0', iconColors[variant])} aria-hidden="true" />
            <div className="grid gap-0.5">
              <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
              {description ? (
                <ToastPrimitive.Description
                  className={cn(
                    'text-sm',
                    variant === 'destructive' ? 'text-red-800' : 'text-muted-foreground',
                  )}
                >
                  {description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              className="absolute right-2 top-2 rounded-md p-1 text-current opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={t('actions.dismiss')}
            >
              <X className="size-4" aria-hidden="true" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* on a phone at the top, clear of the card's docked actions and the form's answer; one at a time there */}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-4 sm:bottom-4 sm:max-w-sm sm:p-0" />
    </ToastPrimitive.Provider>
  );
}
