import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in screens: one narrow card, full width on phones. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold">{title}</h1>
        <div className="mt-2 mb-6 text-base-content/80">{intro}</div>
        {children}
      </div>
    </div>
  );
}
