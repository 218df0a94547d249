import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createContainer } from './app/container';
import { ServiceProvider } from './app/di';
import { createRouter } from './app/router';
import { TOKENS } from './app/tokens';
import { FeedbackHost } from './components/ui/FeedbackHost';
import './index.css';

const container = createContainer();
const router = createRouter();
container.get(TOKENS.Navigator).bind((path) => void router.navigate(path));
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ServiceProvider container={container}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <FeedbackHost feedback={container.get(TOKENS.Feedback)} />
        </QueryClientProvider>
      </ServiceProvider>
    </StrictMode>,
  );
}
