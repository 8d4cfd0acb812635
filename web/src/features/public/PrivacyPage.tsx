/** Politique de confidentialité (/politique-confidentialite): the GDPR information notice. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { LEGAL_UPDATED } from './legal/legal-facts';
import { LegalPage, type LegalSection } from './legal/LegalPage';
import classes from './legal/Legal.module.css';
import { MESSAGES } from '@creadefi/domain';

const DPO = 'dpo@creadefi.fr';

function Table({ caption, head, rows }: { caption: string; head: [string, string, string]; rows: [string, ReactNode, ReactNode][] }) {
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption className="cd-sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, second, third]) => (
            <tr key={first}>
              <th scope="row">{first}</th>
              <td data-label={head[1]}>{second}</td>
              <td data-label={head[2]}>{third}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'responsable',
    title: 'Responsable du traitement',
    body: (
      <>
        <p>
          Le responsable du traitement de vos données personnelles est la société <strong>Créadéfi SAS</strong>, éditrice de la plateforme Créadéfi. Nous avons désigné un délégué à la protection
          des données, que vous pouvez joindre à l’adresse <a href={`mailto:${DPO}`}>{DPO}</a> pour toute question relative à vos données.
        </p>
      </>
    ),
  },
  {
    id: 'donnees',
    title: 'Les données que nous traitons',
    body: (
      <>
        <ul>
          <li>
            <strong>Compte</strong>&nbsp;: adresse e-mail, pseudo, mot de passe (conservé uniquement sous forme chiffrée et irréversible), et, si vous les renseignez, nom, prénom, téléphone, date de
            naissance, pays et langue.
          </li>
          <li>
            <strong>Connexion avec Google ou Facebook</strong>&nbsp;: l’identifiant de votre compte chez ce fournisseur et l’adresse e-mail qu’il nous transmet, rien de plus.
          </li>
          <li>
            <strong>Statut et coordonnées</strong>&nbsp;: statut juridique, raison sociale, adresse, et les informations d’identité exigées par la réglementation financière, transmises à notre
            prestataire de paiement.
          </li>
          <li>
            <strong>Activité sur la Plateforme</strong>&nbsp;: briefs, propositions et fichiers, notes, messages échangés, signalements et notifications.
          </li>
          <li>
            <strong>Paiements</strong>&nbsp;: montants, dates et références des transactions et de votre portefeuille. Les numéros de carte bancaire sont saisis chez notre prestataire de paiement&nbsp;: nous
            n’y avons jamais accès.
          </li>
          <li>
            <strong>Contact</strong>&nbsp;: nom, adresse e-mail, objet et contenu des messages envoyés par le formulaire de contact.
          </li>
          <li>
            <strong>Données techniques</strong>&nbsp;: journaux de connexion (adresse IP, date, page demandée) et jeton de session conservé dans votre navigateur.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'finalites',
    title: 'Pourquoi nous les traitons et sur quelle base',
    body: (
      <Table
        caption="Finalités et bases légales des traitements"
        head={['Finalité', 'Base légale', 'Données concernées']}
        rows={[
          ['Créer et gérer votre compte', 'Exécution du contrat (CGU)', 'Compte, connexion'],
          ['Organiser un concours, y participer, échanger par messagerie', 'Exécution du contrat', 'Activité, compte'],
          ['Encaisser les récompenses, les reverser et tenir les portefeuilles', 'Exécution du contrat et obligations légales (lutte contre le blanchiment)', 'Statut, paiements'],
          ['Établir les factures et tenir la comptabilité', 'Obligation légale', 'Statut, paiements'],
          ['Vous envoyer les e-mails du service (vérification, réinitialisation, notifications)', 'Exécution du contrat', 'Compte'],
          ['Répondre à vos demandes de contact et de support', 'Intérêt légitime à vous répondre', 'Contact, compte'],
          ['Sécuriser la Plateforme, prévenir la fraude et modérer les contenus', 'Intérêt légitime', 'Données techniques, activité'],
        ]}
      />
    ),
  },
  {
    id: 'destinataires',
    title: 'Qui peut y accéder',
    body: (
      <>
        <p>Vos données ne sont jamais vendues. Elles ne sont accessibles qu’aux personnes qui en ont besoin&nbsp;:</p>
        <ul>
          <li>les membres habilités de l’équipe Créadéfi (support, modération, comptabilité)&nbsp;;</li>
          <li>
            les autres Utilisateurs, dans la mesure nécessaire au service&nbsp;: votre pseudo est visible, vos propositions ne le sont que de l’organisateur du concours, vos messages que de votre
            interlocuteur&nbsp;;
          </li>
          <li>nos sous-traitants techniques&nbsp;: hébergeur, prestataire d’envoi d’e-mails et prestataire de services de paiement agréé&nbsp;;</li>
          <li>Google ou Facebook, uniquement si vous choisissez de vous connecter avec eux&nbsp;;</li>
          <li>les autorités administratives ou judiciaires, lorsque la loi nous y oblige.</li>
        </ul>
        <p>
          Nous privilégions des prestataires établis dans l’Union européenne. Si un transfert hors de l’Union est nécessaire, il est encadré par les clauses contractuelles types de la Commission
          européenne ou par une décision d’adéquation.
        </p>
      </>
    ),
  },
  {
    id: 'conservation',
    title: 'Combien de temps nous les conservons',
    body: (
      <Table
        caption="Durées de conservation"
        head={['Données', 'Durée', 'Pourquoi']}
        rows={[
          ['Compte et activité', 'Tant que le compte est ouvert, puis 3 ans après la dernière connexion', 'Fonctionnement du service'],
          ['Factures et pièces comptables', '10 ans', 'Code de commerce (article L. 123-22)'],
          ['Vérifications d’identité et opérations de paiement', '5 ans après la fin de la relation', 'Lutte contre le blanchiment (Code monétaire et financier)'],
          ['Journaux de connexion', '1 an', 'Obligation légale de conservation des données de connexion'],
          ['Messages de contact', '3 ans après le dernier échange', 'Suivi de votre demande'],
          ['Jeton de session', 'Jusqu’à la déconnexion ou son expiration', 'Maintien de votre connexion'],
        ]}
      />
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies et stockage local',
    body: (
      <>
        <p>
          Créadéfi n’utilise ni cookie publicitaire ni outil de pistage. Votre navigateur conserve seulement le jeton de session qui vous garde connecté&nbsp;: strictement nécessaire au service, il ne
          requiert pas votre consentement et disparaît à la déconnexion.
        </p>
        <p>Si vous choisissez de vous connecter avec Google ou Facebook, ces fournisseurs traitent les données de connexion selon leurs propres politiques de confidentialité.</p>
      </>
    ),
  },
  {
    id: 'droits',
    title: 'Vos droits',
    body: (
      <>
        <p>Conformément au règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés, vous disposez des droits suivants&nbsp;:</p>
        <ul>
          <li>droit d’accès à vos données et d’en obtenir une copie&nbsp;;</li>
          <li>droit de rectification des données inexactes&nbsp;;</li>
          <li>droit à l’effacement, dans les limites de nos obligations légales de conservation&nbsp;;</li>
          <li>droit à la limitation du traitement et droit d’opposition aux traitements fondés sur notre intérêt légitime&nbsp;;</li>
          <li>droit à la portabilité des données que vous nous avez fournies&nbsp;;</li>
          <li>droit de définir des directives sur le sort de vos données après votre décès.</li>
        </ul>
        <p>
          Pour les exercer, écrivez à <a href={`mailto:${DPO}`}>{DPO}</a>. Nous vous répondons dans un délai d’un mois, qui peut être prolongé de deux mois pour une demande complexe&nbsp;; une
          preuve d’identité peut vous être demandée en cas de doute raisonnable. Vous pouvez aussi introduire une réclamation auprès de la CNIL (
          <a href="https://www.cnil.fr" target="_blank" rel="noopener noreferrer">
            www.cnil.fr
          </a>
          ).
        </p>
        <p>
          Vous pouvez à tout moment corriger vos informations depuis votre <Link to={paths.profile}>profil</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'securite',
    title: 'Sécurité',
    body: (
      <p>
        Les échanges avec la Plateforme sont chiffrés (HTTPS). Les mots de passe sont protégés par un algorithme de hachage robuste (Argon2id). Les fichiers envoyés ne sont jamais publics&nbsp;: chaque
        téléchargement vérifie que la personne qui le demande y a droit. L’accès aux données est limité aux personnes habilitées.
      </p>
    ),
  },
  {
    id: 'mineurs',
    title: 'Mineurs',
    body: <p>La Plateforme est réservée aux personnes majeures. Nous ne collectons pas sciemment de données concernant des mineurs.</p>,
  },
  {
    id: 'modifications',
    title: 'Modifications de cette politique',
    body: (
      <p>
        Nous pouvons mettre à jour la présente politique pour tenir compte de l’évolution du service ou de la réglementation. La date de dernière mise à jour figure en haut de cette page&nbsp;; en cas
        de changement important, nous vous en informons par e-mail ou sur la Plateforme.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      eyebrow={MESSAGES.legal.eyebrow}
      title={MESSAGES.legal.privacyTitle}
      updated={LEGAL_UPDATED}
      intro={
        <p>
          Chez Créadéfi, vos données servent à faire fonctionner vos concours, et à rien d’autre. Cette page explique quelles données nous traitons, pourquoi, combien de temps, et comment exercer
          vos droits.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
